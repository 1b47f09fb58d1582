import Dispatch
import EmuAPI
import EmuHTTP
import EmuTestSupport
import LCWire
import Primitives

/// A LeanEngine app in the test: a real HTTP server on a loopback port that says it defines
/// `names` (`_ops/metadatas`) and answers each call with `answer` (nil: never answers, for the
/// timeout). It keeps every request it received.
final class FakeEngine: Sendable {
    typealias Answer = @Sendable (HTTPRequest) -> HTTPResponse?
    private let server: TestServer
    private let received: Locked<[HTTPRequest]>

    init(defines names: [String], answer: @escaping Answer = { _ in FakeEngine.json(200, ["result": "ok"]) }) throws {
        let received = Locked<[HTTPRequest]>([])
        self.received = received
        let metadata = FakeEngine.json(200, ["result": .array(names.map(JSON.string))])
        // Answers are made off the event loop: the loops are shared by every server in the test
        // process, and an answer may block (one that calls the emulator back, and waits for it,
        // would stall every other test's connections on that loop, or deadlock on its own).
        server = try TestServer.start(.socket, handler: ClosureHTTPHandler { request, respond in
            received.withValue { $0.append(request) }
            if request.path == "/1.1/functions/_ops/metadatas" { return respond(metadata) }
            DispatchQueue.global().async {
                if let response = answer(request) { respond(response) }
            }
        })
    }

    var url: String { "http://127.0.0.1:\(server.httpServer.port)" }

    /// The requests to `path`, oldest first (every request when nil).
    func requests(to path: String? = nil) -> [HTTPRequest] {
        received.current.filter { path == nil || $0.path == path }
    }

    static func json(_ status: Int, _ body: JSON) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Array(body.jsonString.utf8))
    }

    /// The body of a request as JSON.
    static func body(_ request: HTTPRequest) -> JSON? { try? JSONParser.parse(request.body) }
}

extension TestServer {
    /// An emulator whose default app calls `engine` (hook key `test-hook-key`), with
    /// `timeout` seconds as every call's limit when given.
    static func start(engine url: String, timeout: Double? = nil) throws -> TestServer {
        try TestServer.start { configuration in
            configuration.apps[0].hookKey = "test-hook-key"
            configuration.apps[0].engine = try! EngineSettings(url: url, timeoutSeconds: timeout)
        }
    }
}
