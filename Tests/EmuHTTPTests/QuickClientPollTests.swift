import Dispatch
@testable import EmuHTTP
import EmuTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Primitives
import Testing

/// The Dispatch-source model reads a quick client's next request itself (`QuickClientPoll`).
/// The policy on a socket pair, without a server: when it polls, what it reads, when it stops.
@Suite("Quick-client polling") struct QuickClientPollTests {
    /// A connected pair of non-blocking stream sockets: `fds[0]` is polled, `fds[1]` writes.
    final class Pair: Sendable {
        let fds: [Int32]
        init() throws {
            var fds: [Int32] = [-1, -1]
            try #require(socketpair(AF_UNIX, Platform.streamSocketType, 0, &fds) == 0)
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
            self.fds = fds
        }
        deinit { fds.forEach { _ = close($0) } }
        func write(_ text: String) { _ = text.withCString { send(fds[1], $0, strlen($0), 0) } }
        /// The `read` a connection would do: takes every byte waiting, counts the call.
        func drain(_ calls: inout Int) {
            calls += 1
            var buffer = [UInt8](repeating: 0, count: 64)
            while recv(fds[0], &buffer, buffer.count, 0) > 0 {}
        }
    }

    /// Limits no pause of a busy test machine reaches: every second report is quick.
    static func lenient(budget: UInt64 = 10_000_000_000) -> QuickClientPoll {
        QuickClientPoll(window: 2_000_000_000, quick: 10_000_000_000, budget: budget)
    }

    @Test func aFirstReport_isReadOnce_evenWithBytesWaiting() throws {
        let pair = try Pair()
        var poll = Self.lenient()
        var calls = 0
        pair.write("GET")
        poll.serve(fd: pair.fds[0], stillReading: { true }, read: { calls += 1 })  // reads nothing
        #expect(calls == 1)
    }

    @Test func aReportSoonAfterTheLastAnswer_readsWhatArrivesMeanwhile() throws {
        let pair = try Pair()
        var poll = Self.lenient()
        var calls = 0
        poll.serve(fd: pair.fds[0], stillReading: { true }, read: { pair.drain(&calls) })
        pair.write("one")
        let writer = DispatchQueue(label: "writer")
        let done = Locked(false)
        poll.serve(fd: pair.fds[0], stillReading: { !done.current }, read: {
            pair.drain(&calls)
            if calls == 2 {  // the report's read: the next request comes while it polls
                writer.asyncAfter(deadline: .now() + .milliseconds(1)) { pair.write("two") }
            } else {
                done.withValue { $0 = true }
            }
        })
        #expect(calls == 3)
        var spare = [UInt8](repeating: 0, count: 8)
        #expect(recv(pair.fds[0], &spare, spare.count, 0) < 0)  // nothing left unread
    }

    @Test func aSlowClient_isNotPolled() throws {
        let pair = try Pair()
        var poll = QuickClientPoll(window: 2_000_000_000, quick: 1, budget: 10_000_000_000)
        var calls = 0
        poll.serve(fd: pair.fds[0], stillReading: { true }, read: { calls += 1 })
        pair.write("waiting")
        usleep(1_000)
        poll.serve(fd: pair.fds[0], stillReading: { true }, read: { calls += 1 })  // leaves the bytes
        #expect(calls == 2)  // one per report: polling would have read the bytes again and again
    }

    @Test func aConnectionThatStopsReading_isNotPolled() throws {
        let pair = try Pair()
        var poll = Self.lenient()
        var calls = 0
        poll.serve(fd: pair.fds[0], stillReading: { false }, read: { calls += 1 })
        pair.write("waiting")
        poll.serve(fd: pair.fds[0], stillReading: { false }, read: { calls += 1 })
        #expect(calls == 2)  // it waits for its handler or a writable socket, or it closed
    }

    @Test func aReadThatLeavesBytes_endsAtTheBudget() throws {
        let pair = try Pair()
        var poll = Self.lenient(budget: 2_000_000)
        var calls = 0
        poll.serve(fd: pair.fds[0], stillReading: { true }, read: { calls += 1 })
        pair.write("never taken")
        let start = MonotonicClock.now()
        poll.serve(fd: pair.fds[0], stillReading: { true }, read: { calls += 1 })
        #expect(calls > 2)
        #expect(MonotonicClock.now() - start < 1_000_000_000)  // the budget, not the 2 s window
    }

    @Test func theEndOfTheStream_isReadWhilePolling() throws {
        let pair = try Pair()
        var poll = Self.lenient()
        let closed = Locked(false)
        poll.serve(fd: pair.fds[0], stillReading: { true }, read: {})
        let writer = DispatchQueue(label: "writer")
        var reads = 0
        poll.serve(fd: pair.fds[0], stillReading: { !closed.current }, read: {
            reads += 1
            if reads == 1 {  // the report's read: the client leaves while it polls
                writer.asyncAfter(deadline: .now() + .milliseconds(1)) { _ = shutdown(pair.fds[1], Int32(SHUT_WR)) }
                return
            }
            var byte: UInt8 = 0
            if recv(pair.fds[0], &byte, 1, 0) == 0 { closed.withValue { $0 = true } }
        })
        #expect(closed.current && reads == 2)
    }
}

/// The same through a live server under each event model: clients that send each request as
/// soon as the last answer arrives, the ones the Dispatch model polls for.
@Suite("Quick clients") struct QuickClientTests {
    @Test(arguments: HTTPEventModel.allCases)
    func aQuickClient_getsEveryAnswerInOrder(model: HTTPEventModel) throws {
        let live = try TestServer.start(handler: Echo.handler) { $0.eventModel = model }
        let client = try live.connect()
        for index in 0..<300 { #expect(try client.request("GET", "/\(index)").bodyText == "GET /\(index) ") }
    }

    @Test(arguments: HTTPEventModel.allCases)
    func aQuickClientAnsweredFromAnotherThread_getsEveryAnswer(model: HTTPEventModel) throws {
        let handler = ClosureHTTPHandler { request, respond in
            guard request.path.hasPrefix("/later") else {
                return respond(HTTPResponse(status: 200, contentType: "text/plain", body: request.path))
            }
            DispatchQueue.global().async { respond(HTTPResponse(status: 200, contentType: "text/plain", body: request.path)) }
        }
        let live = try TestServer.start(handler: handler) { $0.eventModel = model }
        let client = try live.connect()
        for index in 0..<200 {
            let path = index % 3 == 0 ? "/later/\(index)" : "/now/\(index)"
            #expect(try client.request("GET", path).bodyText == path)
        }
    }

    @Test(arguments: HTTPEventModel.allCases)
    func aQuickClientThatLeaves_isClosedAndTheServerServesOthers(model: HTTPEventModel) throws {
        let live = try TestServer.start(handler: Echo.handler) { $0.eventModel = model }
        for round in 0..<20 {
            let client = try live.connect()
            for index in 0..<10 { _ = try client.request("GET", "/\(round)/\(index)") }
        }  // each client closes right after its last answer, often while it is polled
        #expect(try live.connect().request("GET", "/next").bodyText == "GET /next ")
        #expect(eventually { live.httpServer.connectionCount == 0 })
    }

    @Test(arguments: HTTPEventModel.allCases)
    func shutdown_closesAQuickClientAtOnce(model: HTTPEventModel) throws {
        let live = try TestServer.start(handler: Echo.handler) { $0.eventModel = model }
        let client = try live.connect()
        for index in 0..<50 { _ = try client.request("GET", "/\(index)") }
        #expect(live.httpServer.shutdown(gracePeriod: 5))
        #expect(client.readsEOF())
    }

    @Test(arguments: HTTPEventModel.allCases)
    func aQuickClientsPipelinedRequests_areAnsweredInOrder(model: HTTPEventModel) throws {
        let live = try TestServer.start(handler: Echo.handler) { $0.eventModel = model }
        let client = try live.connect()
        for round in 0..<30 {
            try client.send("GET /\(round)/a HTTP/1.1\r\nHost: x\r\n\r\nGET /\(round)/b HTTP/1.1\r\nHost: x\r\n\r\n")
            for part in ["a", "b"] { #expect(try client.readResponse().bodyText == "GET /\(round)/\(part) ") }
        }
    }
}
