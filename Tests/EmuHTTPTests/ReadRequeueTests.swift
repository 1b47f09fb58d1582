import Dispatch
@testable import EmuHTTP
import EmuTestSupport
import Primitives
import Testing

/// The Dispatch model's requeued look (`ReadRequeue`): when a turn's end takes it, and a live
/// server whose busy connections are served through it.
@Suite("Requeued looks") struct ReadRequeueTests {
    @Test func aLoneBusyConnection_reArmsItsSource() {
        var requeue = ReadRequeue()
        let alone = requeue.requeues(busy: 1)
        let withAnother = requeue.requeues(busy: 2)
        #expect(!alone && withAnother)
    }

    /// Looks until one says to re-arm the source; the number of looks that found nothing.
    static func failLooks(_ requeue: inout ReadRequeue, busy: Int = 64) -> Int {
        var looks = 1
        while requeue.lookFoundNothing(busy: busy) { looks += 1 }
        return looks
    }

    @Test func anEmptyLook_looksAgain_untilTheLimitInARow() {
        var requeue = ReadRequeue()
        let looks = Self.failLooks(&requeue)
        var alone = ReadRequeue()
        let looksAmongFew = Self.failLooks(&alone, busy: ReadRequeue.parkBusyMinimum - 1)
        #expect(looks == ReadRequeue.emptyLooksBeforeReArm)
        #expect(looksAmongFew == 1)  // too few busy to sweep the park soon: re-arm at once
    }

    @Test func aLookThatFindsARequest_startsTheCountAgain() {
        var requeue = ReadRequeue()
        for _ in 1..<ReadRequeue.emptyLooksBeforeReArm {
            let looksAgain = requeue.lookFoundNothing(busy: 64)
            #expect(looksAgain)
        }
        requeue.lookFound()
        let looks = Self.failLooks(&requeue)
        #expect(looks == ReadRequeue.emptyLooksBeforeReArm)
    }

    @Test func failedLooks_reArmTheNextTurns_twiceAsManyEachTime() {
        var requeue = ReadRequeue()
        var reArmed: [Int] = []
        for _ in 0..<8 {
            _ = Self.failLooks(&requeue)
            var turns = 0
            while !requeue.requeues(busy: 64) { turns += 1 }
            reArmed.append(turns)
        }
        #expect(reArmed == [1, 2, 4, 8, 16, 32, 64, 64])
    }

    @Test func aLookThatFindsARequest_endsTheBackoff() {
        var requeue = ReadRequeue()
        _ = Self.failLooks(&requeue)
        _ = Self.failLooks(&requeue)
        while !requeue.requeues(busy: 64) {}
        requeue.lookFound()
        _ = Self.failLooks(&requeue)
        let first = requeue.requeues(busy: 64)
        let second = requeue.requeues(busy: 64)
        #expect(!first && second)  // one turn re-armed, not four
    }

    /// Runs `body` for 0..<count at once, each on a thread of its own (serial queues without a
    /// target are overcommitting): the server's queues keep Dispatch's bounded pool.
    static func together(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for index in 0..<count { DispatchQueue(label: "client \(index)").async(group: group) { body(index) } }
        group.wait()
    }

    /// Clients that each wait for their answer, several at once: their next requests are mostly
    /// read by requeued looks.
    @Test func busyClients_getEveryAnswerInOrder() throws {
        let live = try TestServer.start(handler: Echo.handler) { $0.eventModel = .dispatchSources }
        let wrong = AtomicInteger()
        Self.together(8) { index in
            guard let client = try? live.connect() else { return _ = wrong.add(1) }
            for round in 0..<200 {
                let body = try? client.request("GET", "/\(index)/\(round)").bodyText
                if body != "GET /\(index)/\(round) " { _ = wrong.add(1) }
            }
        }
        #expect(wrong.load() == 0)
    }

    /// Enough busy clients for looks that find nothing to wait in the park (`LookPark`).
    @Test func manyBusyClients_getEveryAnswerInOrder() throws {
        let live = try TestServer.start(handler: Echo.handler) { $0.eventModel = .dispatchSources }
        let wrong = AtomicInteger()
        Self.together(ReadRequeue.parkBusyMinimum + 8) { index in
            guard let client = try? live.connect() else { return _ = wrong.add(1) }
            for round in 0..<100 {
                let body = try? client.request("GET", "/\(index)/\(round)").bodyText
                if body != "GET /\(index)/\(round) " { _ = wrong.add(1) }
            }
        }
        #expect(wrong.load() == 0)
    }

    /// A client that goes quiet while others keep the server busy waits in the park, then has
    /// its source re-armed: its next request, long after, is answered all the same.
    @Test func aClientQuietAmongBusyOnes_isAnsweredWhenItSpeaksAgain() throws {
        let live = try TestServer.start(handler: Echo.handler) { $0.eventModel = .dispatchSources }
        let quiet = try live.connect()
        let answers = AtomicInteger()
        let done = AtomicInteger()
        let busy = DispatchGroup()
        DispatchQueue(label: "busy clients").async(group: busy) {
            Self.together(ReadRequeue.parkBusyMinimum + 4) { index in  // enough for looks to park
                guard let client = try? live.connect() else { return }
                var round = 0
                while done.load() == 0 || round < 50 {
                    if (try? client.request("GET", "/\(index)/\(round)")) != nil { answers.add(1) }
                    round += 1
                }
            }
        }
        for round in 0..<5 {
            let seen = answers.load()
            #expect(try quiet.request("GET", "/quiet/\(round)").bodyText == "GET /quiet/\(round) ")
            // Quiet while the others make a few hundred requests: long past the park's sweeps.
            #expect(eventually { answers.load() >= seen + 300 })
        }
        done.store(1)
        busy.wait()
    }

    /// A connection whose look is queued when its client leaves, or goes quiet, still closes.
    @Test func connectionsLeftAfterBusyTraffic_closeAtTheIdleTimeout() throws {
        let live = try TestServer.start(handler: Echo.handler) {
            $0.eventModel = .dispatchSources
            $0.idleTimeout = 0.2
        }
        let leaving = Locked<[BlockingHTTPClient?]>([])
        Self.together(8) { index in
            guard let client = try? live.connect() else { return }
            for round in 0..<100 { _ = try? client.request("GET", "/\(index)/\(round)") }
            if index % 2 == 0 { leaving.withValue { $0.append(client) } }  // stays open, quiet
        }
        #expect(eventually { live.httpServer.connectionCount == 0 })
        leaving.withValue { $0.removeAll() }
    }
}
