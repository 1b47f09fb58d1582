import Dispatch

/// What a connection waits for on its socket. Never both: a connection either reads requests or
/// waits to finish writing an answer (or waits for its handler, watching nothing).
enum SocketInterest: Equatable {
    case read, write, none
}

/// How a connection learns that its socket is ready, and where its code runs (its executor).
/// Two kinds, chosen by `HTTPServerConfiguration.eventModel`:
/// - `SourceWatch`: a Dispatch read source per connection on its own serial queue, plus a write
///   source while a send would block. Every platform.
/// - `EpollWatch` (Linux): the socket in one of a few event loops, each a thread blocking in
///   `epoll_wait` that runs its connections' code itself, with no per-event hop through
///   Dispatch's manager thread (docs/performance.md has the measurement).
///
/// `watch` and `stop` are called on the executor only; `execute` from anywhere.
protocol SocketWatch: AnyObject, Sendable {
    /// Starts watching for reads; from then on `connection.onReadable()` and `onWritable()` run
    /// on the executor when the socket is ready for what it is watched for.
    func start(_ connection: HTTPConnection)
    /// Changes what the socket is watched for (the connection's `ConnectionState.interest`).
    /// Asking for what is already watched costs no system call: the connection asks after every
    /// event.
    func watch(_ interest: SocketInterest)
    /// Stops watching for good; calls `release` on the executor once the descriptor may be closed.
    func stop(release: @escaping () -> Void)
    /// Runs `work` on the connection's executor, later.
    func execute(_ work: @escaping @Sendable () -> Void)
    /// Lends `body` a scratch buffer of `readBufferSize` bytes for one receive, on the executor.
    /// Never one per receive: 16 KiB is beyond what Swift puts on the stack, so that would be a
    /// heap allocation per request. An event loop lends its own (`EpollWatch`), Dispatch's
    /// threads each theirs (`ThreadReadBuffer`).
    func withReadBuffer(_ body: (UnsafeMutableRawBufferPointer) -> TransportResult) -> TransportResult
}

/// How many bytes a connection asks its socket for at once.
let readBufferSize = 16 * 1024

extension SocketWatch {
    /// Runs `work` on the executor and waits for it. Never call it from the executor itself.
    func executeAndWait(_ work: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        execute {
            work()
            done.signal()
        }
        done.wait()
    }
}
