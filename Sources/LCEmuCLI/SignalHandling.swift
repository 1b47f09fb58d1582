import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Primitives

/// SIGTERM and SIGINT become a graceful shutdown (`serve`) or are passed on to the command
/// (`exec`) instead of an abrupt exit. A C handler writes
/// the signal's number into a pipe that a Dispatch read source watches. A Dispatch signal source
/// alone lost a signal sent right after the ready line: on Linux it sees only signals every
/// thread blocks, and the main thread blocks them only once in `dispatchMain()`.
enum SignalHandling {
    nonisolated(unsafe) private static var source: DispatchSourceRead?

    /// Calls `handler` with the signal's number (SIGTERM or SIGINT), on a Dispatch thread, for
    /// each one received from now on.
    static func onTermination(_ handler: @escaping @Sendable (Int32) -> Void) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            // Without the pipe the default action (exit) still applies; WAL keeps the data safe.
            StandardStream.error.write("lcemu: cannot watch for SIGTERM (pipe failed); a signal stops the server without draining\n")
            return
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)  // a flood of signals must never block the handler
        signalPipeWriteEnd = ends[1]
        let readEnd = ends[0]
        let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: .global())
        source.setEventHandler {
            var number: UInt8 = 0
            guard read(readEnd, &number, 1) == 1 else { return }
            handler(Int32(number))
        }
        source.resume()
        self.source = source
        for number in [SIGTERM, SIGINT] { signal(number, forwardSignalToPipe) }
        // A parent may start us with them blocked (a process spawned from a Dispatch thread
        // inherits its mask): the calling thread, `exec`'s waiting main thread, takes them.
        var termination = sigset_t()
        sigemptyset(&termination)
        sigaddset(&termination, SIGTERM)
        sigaddset(&termination, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &termination, nil)
    }

    /// `SIGINT` or `SIGTERM`, for messages.
    static func name(of number: Int32) -> String {
        number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)"
    }
}

/// Set before the handler is installed, read only by it.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Runs in signal context: `write` is async-signal-safe, nothing else is done here.
private func forwardSignalToPipe(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd, &byte, 1)
}
