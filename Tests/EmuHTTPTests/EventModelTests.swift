import EmuTestSupport
import Dispatch
import EmuHTTP
import Testing

/// The connection code runs under two event models (`HTTPEventModel`): the rest of the suite
/// uses the platform's default (or `LCEMU_HTTP_EVENTS`'s, see `TestServer`), and these cases run
/// the paths where the two differ — reading, answers from another thread, peers that leave and
/// deadlines — under each. Waiting to write and transports that read or hold bytes on their own:
/// `TransportTests`; shutdown: `HTTPServerLifecycleTests`; quick clients, which the Dispatch
/// model polls for: `QuickClientTests`; all also under each.
@Suite("Event models") struct EventModelTests {
    static let models = HTTPEventModel.allCases

    @Test(arguments: models) func pipelinedRequests_areAnsweredInOrder(model: HTTPEventModel) throws {
        let live = try TestServer.start(handler: Echo.handler) { $0.eventModel = model }
        let client = try live.connect()
        try client.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\nGET /c HTTP/1.1\r\nHost: x\r\n\r\n")
        for path in ["/a", "/b", "/c"] { #expect(try client.readResponse().bodyText == "GET \(path) ") }
    }

    @Test(arguments: models) func answersFromAnotherThread_reachTheirConnections(model: HTTPEventModel) throws {
        let handler = ClosureHTTPHandler { request, respond in
            DispatchQueue.global().async { respond(HTTPResponse(status: 200, contentType: "text/plain", body: request.path)) }
        }
        let live = try TestServer.start(handler: handler, configure: { $0.eventModel = model })
        let clients = try (0..<8).map { _ in try live.connect() }
        for round in 0..<25 {
            for (index, client) in clients.enumerated() {
                #expect(try client.request("GET", "/\(index)/\(round)").bodyText == "/\(index)/\(round)")
            }
        }
    }

    /// An answer that comes long after the loop stopped polling (its window is 100 µs) finds it
    /// asleep in `epoll_wait` and must wake it: the eventfd is written only then (`EpollLoop`);
    /// an answer to an awake loop is picked up after its turn without it (the test above).
    @Test(arguments: models) func anAnswerThatComesWhileTheLoopSleeps_wakesIt(model: HTTPEventModel) throws {
        let handler = ClosureHTTPHandler { request, respond in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
                respond(HTTPResponse(status: 200, contentType: "text/plain", body: request.path))
            }
        }
        let live = try TestServer.start(handler: handler, configure: { $0.eventModel = model })
        let client = try live.connect()
        for round in 0..<5 { #expect(try client.request("GET", "/late/\(round)").bodyText == "/late/\(round)") }
    }

    @Test(arguments: models) func aPeerThatLeavesBeforeItsAnswer_leavesTheServerServing(model: HTTPEventModel) throws {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let answered = DispatchSemaphore(value: 0)
        let handler = ClosureHTTPHandler { request, respond in
            guard request.path == "/slow" else {
                return respond(HTTPResponse(status: 200, contentType: "text/plain", body: "quick"))
            }
            DispatchQueue.global().async {
                started.signal()
                release.wait()
                respond(HTTPResponse(status: 200, contentType: "text/plain", body: "late"))
                answered.signal()
            }
        }
        let live = try TestServer.start(handler: handler, configure: { $0.eventModel = model })
        var leaving: BlockingHTTPClient? = try live.connect()
        try leaving?.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        started.wait()
        leaving = nil  // closes the socket while the answer is pending
        release.signal()
        answered.wait()
        #expect(try live.connect().request("GET", "/next").bodyText == "quick")
    }

    /// A request that comes while the one before waits for its answer from another thread wakes
    /// the loop while the connection reads nothing (it is left in the epoll set until then), and
    /// is answered after that answer.
    @Test(arguments: models) func aRequestSentWhileTheLastAwaitsItsAnswer_isAnsweredAfterIt(model: HTTPEventModel) throws {
        let held = HeldRequest(body: { $0.path })
        let (started, release) = (held.started, held.release)
        let live = try TestServer.start(handler: held.handler, configure: { $0.eventModel = model })
        let client = try live.connect()
        try client.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        started.wait()
        try client.send("GET /next HTTP/1.1\r\nHost: x\r\n\r\n")
        release.signal()
        #expect(try client.readResponse().bodyText == "/slow")
        #expect(try client.readResponse().bodyText == "/next")
        #expect(try client.request("GET", "/again").bodyText == "/again")
    }

    @Test(arguments: models) func anIdleConnection_isClosedAtItsDeadline(model: HTTPEventModel) throws {
        let live = try TestServer.start(handler: Echo.handler) {
            $0.eventModel = model
            $0.idleTimeout = 0.2
        }
        let client = try live.connect()
        #expect(try client.request("GET", "/once").status == 200)
        #expect(client.readsEOF())
    }
}

extension HTTPEventModel: CustomTestStringConvertible {
    public var testDescription: String { rawValue }
}
