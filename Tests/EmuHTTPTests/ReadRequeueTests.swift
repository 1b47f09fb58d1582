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

    @Test func emptyLooks_reArmTheNextTurns_twiceAsManyEachTime() {
        var requeue = ReadRequeue()
        var reArmed: [Int] = []
        for _ in 0..<8 {
            requeue.lookFoundNothing()
            var turns = 0
            while !requeue.requeues(busy: 64) { turns += 1 }
            reArmed.append(turns)
        }
        #expect(reArmed == [1, 2, 4, 8, 16, 32, 64, 64])
    }

    @Test func aLookThatFindsARequest_endsTheBackoff() {
        var requeue = ReadRequeue()
        requeue.lookFoundNothing()
        requeue.lookFoundNothing()
        while !requeue.requeues(busy: 64) {}
        requeue.lookFound()
        requeue.lookFoundNothing()
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
