#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// The threads behind a `WorkerPool`: its own, each parked on a semaphore of its own while idle,
/// so that starting a runner wakes exactly one parked thread (or starts one).
///
/// Why not a Dispatch queue (issue 31, docs/performance.md): per create at 16 connections,
/// Dispatch's root queue woke a second worker after a first took the job (0.075 wake-ups a
/// create, each finding nothing and parking again), allocated a continuation per `async`, and its
/// workers parked in a timed wait of their own; a worker the pool wakes here is the one it needs.
enum WorkerThreads {
    /// How long an idle thread stays parked before it ends (Dispatch keeps its own five seconds).
    static let idleSeconds = 5

    /// Where a parked thread waits: signalled once, by whoever took it off the parked list, with
    /// `exit` already set when the pool retired.
    final class Parker: @unchecked Sendable {
        let semaphore = DispatchSemaphore(value: 0)
        /// Written before `semaphore` is signalled, read after it is waited for.
        var exit = false
    }

    /// Starts a detached thread named `lcemu-worker` that runs `body`.
    static func start(_ body: @escaping () -> Void) { WorkerThread(body: body).start() }

    /// One worker thread's start: plain pthreads, as the event loops' (`EventLoopThread`).
    private final class WorkerThread {
        let body: () -> Void

        init(body: @escaping () -> Void) { self.body = body }

        func start() {
            let context = Unmanaged.passRetained(self).toOpaque()
            #if canImport(Darwin)
            var thread: pthread_t?
            #else
            var thread = pthread_t()
            #endif
            let status = pthread_create(&thread, nil, WorkerThread.entry, context)
            precondition(status == 0, "lcemu: cannot start a worker thread (\(status))")
            #if canImport(Darwin)
            pthread_detach(thread!)
            #else
            pthread_detach(thread)
            #endif
        }

        #if canImport(Darwin)
        private static let entry: @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? = { raw in
            let owner = Unmanaged<WorkerThread>.fromOpaque(raw).takeRetainedValue()
            pthread_setname_np("lcemu-worker")
            owner.body()
            return nil
        }
        #else
        private static let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { raw in
            let owner = Unmanaged<WorkerThread>.fromOpaque(raw!).takeRetainedValue()
            WorkerThreads.nameThisThread()
            owner.body()
            return nil
        }
        #endif
    }

    #if os(Linux)
    /// Names the thread for `top -H` and `perf` (`pthread_setname_np` is hidden behind
    /// `_GNU_SOURCE`, and `prctl` is variadic, which Swift cannot call).
    fileprivate static func nameThisThread() {
        let fd = open("/proc/thread-self/comm", O_WRONLY)
        guard fd >= 0 else { return }
        _ = write(fd, "lcemu-worker", 12)
        close(fd)
    }
    #endif

    /// The calling thread's pool core, if it is a worker (unretained: the thread keeps it alive).
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var current: WorkerPool.Core? {
        pthread_getspecific(key).map { Unmanaged<WorkerPool.Core>.fromOpaque($0).takeUnretainedValue() }
    }

    static func setCurrent(_ core: WorkerPool.Core) {
        pthread_setspecific(key, Unmanaged.passUnretained(core).toOpaque())
    }
}
