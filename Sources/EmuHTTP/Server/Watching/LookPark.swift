#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Primitives

/// What waits in a `LookPark`: a connection's watch (`SourceWatch`).
protocol ParkedLook: AnyObject, Sendable {
    /// The socket has bytes, or stayed quiet `LookPark.quietMicroseconds`: called once, from a sweep.
    func lookFromPark()
}

/// Dispatch sources only (`SourceWatch`, `ReadRequeue`): connections whose requeued look found
/// nothing wait here, their read sources still suspended, and are looked at together a moment
/// later: one `poll` (no timeout) over all of them, then a look queued for each socket that has
/// bytes. A connection still quiet after `quietMicroseconds` gets its look anyway, which finds
/// nothing and re-arms its source.
///
/// Why: on a busy server a look finds nothing when the client has not answered yet (it shares
/// the cores). Re-arming the source then costs the request a Dispatch event (the manager's round
/// trip, about 8 µs); looking again at once spins and takes the client's core. A sweep costs one
/// `poll` for every connection waiting, whatever their number; the end of a turn runs it when it
/// is due, so a working server sweeps with no wake-up, and a timer runs it when none came. The
/// read source stays each socket's event source of record: the park only delays re-arming it.
// @unchecked: `waiting` and `sweepQueued` are read and written under `lock`; the two atomics
// are written under it too.
final class LookPark: @unchecked Sendable {
    /// How long after parking (or after the last sweep) a sweep runs, if no turn's end ran one.
    static let sweepMicroseconds = 200
    /// A turn's end sweeps when the last sweep is older than this (`sweepIfDue`).
    static let dueMicroseconds = 100
    /// How long a quiet connection stays before its look re-arms its source. A time, not a count
    /// of sweeps: sweeps come as often as turns end, and a client that shares the cores can be
    /// off them for a millisecond (wrk's thread preempted); re-arming its 32 connections then
    /// costs each a Dispatch event and sets off `ReadRequeue`'s back-off (docs/performance.md).
    static let quietMicroseconds = 2000

    private struct Waiting {
        let watch: any ParkedLook
        let fd: Int32
        /// When it was parked (`MonotonicClock`).
        let since: Int
    }

    /// The limits above (tests widen them, so a pause of a busy machine cannot fail them).
    let sweepInterval: Int, quietNanoseconds: Int
    private let queue: DispatchQueue
    private let lock = Lock()
    private var waiting: [ObjectIdentifier: Waiting] = [:]
    private var sweepQueued = false
    /// Connections waiting, and when the last sweep ran: read without the lock by `sweepIfDue`.
    private let count = AtomicInteger()
    private let lastSweep = AtomicInteger()

    /// - Parameter queue: where sweeps run (the connections' shared concurrent queue).
    init(queue: DispatchQueue, sweepMicroseconds: Int = sweepMicroseconds, quietMicroseconds: Int = quietMicroseconds) {
        self.queue = queue
        sweepInterval = sweepMicroseconds
        quietNanoseconds = quietMicroseconds * 1000
    }

    /// Parks `watch` until its socket `fd` has bytes or `quietMicroseconds` pass; then
    /// `watch.lookFromPark()` is called, once, from a sweep.
    func park(_ watch: any ParkedLook, fd: Int32) {
        let startSweep: Bool = lock.withLock {
            let now = Int(truncatingIfNeeded: MonotonicClock.now())
            waiting[ObjectIdentifier(watch)] = Waiting(watch: watch, fd: fd, since: now)
            count.store(waiting.count)
            defer { sweepQueued = true }
            return !sweepQueued
        }
        if startSweep { queueSweep() }
    }

    /// Takes `watch` out (it stops): afterwards no sweep touches its descriptor, which may close.
    func remove(_ watch: any ParkedLook) {
        lock.withLock {
            waiting[ObjectIdentifier(watch)] = nil
            count.store(waiting.count)
        }
    }

    /// Sweeps now if connections wait and no sweep ran for `dueMicroseconds`: called at the end
    /// of every turn on a busy server, so a working server looks at them without a timer's wake-up.
    func sweepIfDue() {
        guard count.load() != 0 else { return }
        let now = Int(truncatingIfNeeded: MonotonicClock.now())
        guard now &- lastSweep.load() >= Self.dueMicroseconds * 1000 else { return }
        sweep(timer: false)
    }

    private func queueSweep() {
        queue.asyncAfter(deadline: .now() + .microseconds(sweepInterval)) { [self] in sweep(timer: true) }
    }

    /// Looks at every parked socket at once. Under the lock, so `remove` (and the descriptor's
    /// close after it) waits for the `poll` to end.
    private func sweep(timer: Bool) {
        let (due, again): ([any ParkedLook], Bool) = lock.withLock {
            let now = Int(truncatingIfNeeded: MonotonicClock.now())
            // Two turns may find a sweep due at once: the second does not sweep again.
            if !timer, now &- lastSweep.load() < Self.dueMicroseconds * 1000 { return ([], false) }
            lastSweep.store(now)
            var polled = waiting.map { pollfd(fd: $0.value.fd, events: Int16(POLLIN), revents: 0) }
            let keys = Array(waiting.keys)
            _ = poll(&polled, nfds_t(polled.count), 0)
            var due: [any ParkedLook] = []
            for (key, entry) in zip(keys, polled) where entry.revents != 0 || now &- waiting[key]!.since >= quietNanoseconds {
                due.append(waiting.removeValue(forKey: key)!.watch)
            }
            count.store(waiting.count)
            guard timer else { return (due, false) }  // a queued timer's sweep is still to come
            sweepQueued = !waiting.isEmpty
            return (due, sweepQueued)
        }
        if again { queueSweep() }
        for watch in due { watch.lookFromPark() }
    }
}
