#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Dispatch sources only (`SourceWatch`): keeps a quick client's socket for a moment after its
/// answer, reading its next request without waiting for Dispatch to report it.
///
/// Why: each readiness a Dispatch source reports costs a round trip through Dispatch's manager
/// thread (on Linux: `epoll_wait`, an `ioctl`, two `epoll_ctl` to re-arm the one-shot event, an
/// eventfd write) and a worker thread's wake-up: about 8 µs of CPU per request beside the work
/// itself, on this 2-core machine, for LCEmu as for a bare responder (docs/performance.md). A
/// source's event stays disarmed while its handler runs, so a handler that reads the next
/// request itself makes no event at all. The client's own pace decides: polling starts only when
/// Dispatch reported the request soon after the connection's last answer, so an idle or a slow
/// client, or one of many that each wait their turn, costs no polling. As the event loops'
/// polling (`EpollLoop.pollWindowNanoseconds`), it yields the core between looks.
struct QuickClientPoll {
    /// How long a poll waits for the next request before giving the socket back to Dispatch.
    static let windowNanoseconds: UInt64 = 100_000
    /// A request reported within this time of the connection's last answer marks a quick
    /// client. Twice the window: Dispatch's report itself passes two threads.
    static let quickNanoseconds: UInt64 = 2 * windowNanoseconds
    /// The most one handler keeps its worker thread polling before it lets other connections'
    /// events run: a quick client cannot hold a thread while others wait.
    static let budgetNanoseconds: UInt64 = 500_000

    /// The limits above, in nanoseconds (tests widen them, so a busy machine cannot fail them).
    let window: UInt64, quick: UInt64, budget: UInt64
    /// When the connection last went back to waiting for Dispatch (0: never).
    private var lastIdle: UInt64 = 0

    init(window: UInt64 = windowNanoseconds, quick: UInt64 = quickNanoseconds, budget: UInt64 = budgetNanoseconds) {
        self.window = window
        self.quick = quick
        self.budget = budget
    }

    /// Runs `read` (the connection's `onReadable`) for the readiness Dispatch reported; then, for
    /// a quick client, runs it again each time the socket has bytes, while `stillReading` holds
    /// (the connection still waits for requests and is not closing), until a window passes
    /// empty or the budget is spent.
    mutating func serve(fd: Int32, stillReading: () -> Bool, read: () -> Void) {
        let start = MonotonicClock.now()
        let isQuick = lastIdle != 0 && start &- lastIdle <= quick
        read()
        var lastRead = MonotonicClock.now()
        if isQuick {
            while stillReading() {
                let now = MonotonicClock.now()
                if now &- start > budget { break }
                if Self.hasInput(fd) {
                    read()
                    lastRead = MonotonicClock.now()
                } else if now &- lastRead > window {
                    break
                } else {
                    sched_yield()  // a client thread runnable on this core goes first
                }
            }
        }
        lastIdle = MonotonicClock.now()
    }

    /// Whether a read would return something: bytes, the end of the stream, or an error.
    private static func hasInput(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, Int32(MSG_PEEK))
        return n >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
    }
}
