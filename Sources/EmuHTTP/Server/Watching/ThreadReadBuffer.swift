#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Dispatch sources only (`SourceWatch`): one receive buffer of `readBufferSize` bytes per
/// thread, lent to one receive at a time.
///
/// Why: 16 KiB is beyond what Swift puts on the stack, so a buffer of its own per receive is a
/// `malloc` and a `free` for every request (bench/allocations). A connection's code runs on
/// whichever of Dispatch's worker threads drains its queue, and a receive ends before its turn
/// does, so a buffer per thread serves every connection that thread runs, as an event loop's
/// one buffer serves its connections (`EpollWatch`). Freed when the thread exits.
enum ThreadReadBuffer {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let created = pthread_key_create(&key) { buffer in free(buffer) }
        precondition(created == 0, "pthread_key_create failed: \(created)")
        return key
    }()

    /// Lends this thread's buffer to `body`, which must not ask for it again before it returns.
    static func lend<Result>(_ body: (UnsafeMutableRawBufferPointer) -> Result) -> Result {
        if let buffer = pthread_getspecific(key) {
            return body(UnsafeMutableRawBufferPointer(start: buffer, count: readBufferSize))
        }
        guard let buffer = malloc(readBufferSize) else { fatalError("out of memory for a read buffer") }
        pthread_setspecific(key, buffer)
        return body(UnsafeMutableRawBufferPointer(start: buffer, count: readBufferSize))
    }
}
