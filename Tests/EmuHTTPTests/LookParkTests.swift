import Dispatch
@testable import EmuHTTP
import EmuTestSupport
import Primitives
import Testing

/// The Dispatch model's park for looks that found nothing (`LookPark`), on socket pairs without
/// a server: a parked socket is handed back once, when it has bytes or has stayed quiet long
/// enough, and never after it was taken out.
@Suite("Parked looks") struct LookParkTests {
    /// Counts the park's calls, as a connection's watch would take them.
    final class Parked: ParkedLook {
        let calls = AtomicInteger()
        func lookFromPark() { calls.add(1) }
    }

    static func park(sweepMicroseconds: Int = LookPark.sweepMicroseconds,
                     quietMicroseconds: Int = LookPark.quietMicroseconds) -> LookPark {
        let sweeps = DispatchQueue(label: "sweeps", attributes: .concurrent)
        return LookPark(queue: sweeps, sweepMicroseconds: sweepMicroseconds, quietMicroseconds: quietMicroseconds)
    }

    @Test func aSocketThatGetsBytes_isHandedBackOnce() throws {
        let park = Self.park()
        let pair = try QuickClientPollTests.Pair()
        let parked = Parked()
        park.park(parked, fd: pair.fds[0])
        pair.write("GET / HTTP/1.1\r\n\r\n")
        #expect(eventually { parked.calls.load() == 1 })
        // Later sweeps (another socket keeps them coming) leave it alone.
        let other = Parked(), quiet = try QuickClientPollTests.Pair()
        park.park(other, fd: quiet.fds[0])
        #expect(eventually { other.calls.load() == 1 })
        #expect(parked.calls.load() == 1)
    }

    @Test func aQuietSocket_isHandedBackAfterItsQuietTime() throws {
        let park = Self.park()
        let pair = try QuickClientPollTests.Pair()
        let parked = Parked()
        let parkedAt = MonotonicClock.now()
        park.park(parked, fd: pair.fds[0])
        #expect(eventually { parked.calls.load() == 1 })  // its look then re-arms its source
        #expect(MonotonicClock.now() - parkedAt >= UInt64(LookPark.quietMicroseconds) * 1000)
    }

    /// Sweeps that come often (every turn's end on a busy server) hand a quiet socket back no
    /// sooner: a client off the cores for a moment keeps its place.
    @Test func frequentSweeps_doNotHandAQuietSocketBackSooner() throws {
        let park = Self.park(sweepMicroseconds: 60_000_000, quietMicroseconds: 60_000_000)
        let pair = try QuickClientPollTests.Pair()
        let parked = Parked(), other = Parked()
        park.park(parked, fd: pair.fds[0])
        let busy = try QuickClientPollTests.Pair()
        busy.write("GET / HTTP/1.1\r\n\r\n")
        // Each round parks a socket with bytes and waits for a sweep to hand it back.
        for round in 1...20 {
            park.park(other, fd: busy.fds[0])
            #expect(eventually {
                park.sweepIfDue()
                return other.calls.load() == round
            })
        }
        #expect(parked.calls.load() == 0)
        park.remove(parked)
    }

    @Test func aSocketTakenOut_isNeverHandedBack() throws {
        let park = Self.park(quietMicroseconds: 100_000)  // `removed` is taken out long before it is due
        let pairs = [try QuickClientPollTests.Pair(), try QuickClientPollTests.Pair()]
        let removed = Parked(), kept = Parked()
        park.park(removed, fd: pairs[0].fds[0])
        park.park(kept, fd: pairs[1].fds[0])
        park.remove(removed)
        pairs[0].write("GET / HTTP/1.1\r\n\r\n")
        // `kept` is handed back after its quiet time, by a sweep that would have handed `removed` back first.
        #expect(eventually { kept.calls.load() == 1 })
        #expect(removed.calls.load() == 0)
    }

    @Test func aTurnsEnd_sweepsWhenDue() throws {
        let park = Self.park(sweepMicroseconds: 60_000_000)  // the timer's sweep comes after the test
        let pair = try QuickClientPollTests.Pair()
        let parked = Parked()
        park.park(parked, fd: pair.fds[0])
        pair.write("GET / HTTP/1.1\r\n\r\n")
        #expect(eventually {
            park.sweepIfDue()
            return parked.calls.load() == 1
        })
    }
}
