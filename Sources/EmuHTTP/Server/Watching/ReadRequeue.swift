/// Dispatch sources only (`SourceWatch`): when the server is busy, a connection whose turn ended
/// looks at its socket again after the work already queued has run, instead of re-arming its read
/// source at once.
///
/// Why: each readiness a Dispatch source reports costs a round trip through Dispatch's manager
/// thread on Linux (`epoll_wait`, an `ioctl`, two `epoll_ctl`, an eventfd write and a worker's
/// wake-up: about 8 µs of CPU beside the request itself, docs/performance.md). At 64 connections
/// each waiting its turn, a client's next request has usually arrived by the time the other
/// connections' queued work has run: reading it then costs one `recv` and two queue hops. A
/// suspended source is not re-armed, so the look costs Dispatch's manager nothing; a look that
/// finds nothing resumes the source, which re-arms it as before.
///
/// When: only while another connection is busy too (between a read event and waiting for the
/// next), so a lone client — whose look would come back at once and find nothing — never pays for
/// it. A look that finds nothing, while at least `parkBusyMinimum` connections are busy, waits in
/// the server's `LookPark` and looks again when the socket has bytes (the client, which shares
/// the cores, usually answers a moment later), up to `emptyLooksBeforeReArm` looks in a row.
/// When they all find nothing the source is re-armed, and the next turns re-arm it at once, twice
/// as many after each such failure (up to `maxBackoff`), so a slow client costs an empty look and
/// a wait in the park now and then.
struct ReadRequeue {
    /// Connections busy at once (this one included) for a turn's end to requeue a look.
    static let busyMinimum = 2
    /// Connections busy at once for a look that found nothing to wait in the park: fewer end
    /// their turns too seldom to sweep it, and their clients answer soon after a re-armed source.
    static let parkBusyMinimum = 32
    /// Empty looks in a row before the read source is re-armed.
    static let emptyLooksBeforeReArm = 2
    /// The most turns that re-arm their source after failed looks before the next requeue.
    static let maxBackoff = 64

    private var backoff = 0
    private var turnsToSkip = 0
    private var emptyLooks = 0

    /// Whether this turn's end requeues a look (true) or re-arms the read source (false).
    /// - Parameter busy: connections busy now, this one included.
    mutating func requeues(busy: Int) -> Bool {
        if turnsToSkip > 0 {
            turnsToSkip -= 1
            return false
        }
        return busy >= Self.busyMinimum
    }

    /// The look read bytes (a request, or the peer's end of stream).
    mutating func lookFound() {
        backoff = 0
        emptyLooks = 0
    }

    /// The look found nothing: whether to park and look again (true) or re-arm the read source
    /// (false), after which the next turns re-arm it directly.
    /// - Parameter busy: connections busy now, this one included.
    mutating func lookFoundNothing(busy: Int) -> Bool {
        emptyLooks += 1
        if emptyLooks < Self.emptyLooksBeforeReArm, busy >= Self.parkBusyMinimum { return true }
        emptyLooks = 0
        backoff = min(max(1, backoff * 2), Self.maxBackoff)
        turnsToSkip = backoff
        return false
    }
}
