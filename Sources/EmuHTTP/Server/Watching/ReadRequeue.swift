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
/// it; after a look that found nothing, the next turns re-arm their source at once, twice as many
/// after each empty look (up to `maxBackoff`), so a slow client costs one empty look now and then.
struct ReadRequeue {
    /// Connections busy at once (this one included) for a turn's end to requeue a look.
    static let busyMinimum = 2
    /// The most turns that re-arm their source after an empty look before the next requeue.
    static let maxBackoff = 64

    private var backoff = 0
    private var turnsToSkip = 0

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
    mutating func lookFound() { backoff = 0 }

    /// The look found nothing: the source is resumed, and the next turns re-arm it directly.
    mutating func lookFoundNothing() {
        backoff = min(max(1, backoff * 2), Self.maxBackoff)
        turnsToSkip = backoff
    }
}
