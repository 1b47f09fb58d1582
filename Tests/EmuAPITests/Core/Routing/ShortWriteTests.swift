@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
import EmuHTTP
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire
import Testing

/// An object's create answers on the connection's thread only where nothing can make it wait
/// (`ShortWrite`): in memory, without an engine, with a small body, not a sign-up or an
/// installation. Everywhere else it goes to the worker pool as every write does.
@Suite struct ShortWriteTests {
    /// Where `method path` with `body` runs on `server`'s default app.
    private func execution(_ server: TestServer, _ method: String, _ path: String, body: Int = 40) throws -> RouteExecution {
        let app = try #require(server.emulator.app(server.app.appId))
        guard case .found(let route, let captures) = Routes.make().match(method: method, path: path) else {
            Issue.record("no route for \(method) \(path)")
            return .pooled
        }
        let http = HTTPRequest(method: method, target: path, path: path, body: Array(repeating: UInt8(ascii: " "), count: body))
        let request = RequestContext<AppRuntime?>(http: http, parameters: captures, requestId: "1", app: app, isMaster: false,
                                                  credentialSessionToken: nil)
        return route.execution(for: request)
    }

    @Test func inMemory_aCreateOfAnOrdinaryClass_runsInline() throws {
        let server = try TestServer.start(.inProcess)
        #expect(try execution(server, "POST", "/1.1/classes/Post") == .inline)
        #expect(try execution(server, "POST", "/1.1/classes/_Role") == .inline)
        #expect(try execution(server, "POST", "/1.1/classes/Post", body: ShortWrite.bodyLimit) == .inline)
    }

    @Test func inMemory_signUpsInstallationsLargeBodiesAndOtherWrites_arePooled() throws {
        let server = try TestServer.start(.inProcess)
        #expect(try execution(server, "POST", "/1.1/classes/_User") == .pooled)
        #expect(try execution(server, "POST", "/1.1/classes/_Installation") == .pooled)
        #expect(try execution(server, "POST", "/1.1/users") == .pooled)
        #expect(try execution(server, "POST", "/1.1/installations") == .pooled)
        #expect(try execution(server, "POST", "/1.1/roles") == .pooled)
        #expect(try execution(server, "POST", "/1.1/classes/Post", body: ShortWrite.bodyLimit + 1) == .pooled)
        #expect(try execution(server, "PUT", "/1.1/classes/Post/abc") == .pooled)
        #expect(try execution(server, "DELETE", "/1.1/classes/Post/abc") == .pooled)
        #expect(try execution(server, "POST", "/1.1/batch") == .pooled)
    }

    @Test func onDatabaseFiles_aCreateIsPooled() throws {
        let directory = try TemporaryDirectory()
        let server = try TestServer.start(.inProcess) { $0.dataDirectory = directory.path("data") }
        defer { server.emulator.shutdown() }
        #expect(try execution(server, "POST", "/1.1/classes/Post") == .pooled)
    }

    @Test func withAnEngine_aCreateIsPooled() throws {
        // The engine is never called here: its presence alone keeps creates off the loops.
        let server = try TestServer.start(.inProcess) {
            $0.apps[0].engine = try! EngineSettings(url: "http://127.0.0.1:9", timeoutSeconds: 1)
        }
        #expect(try execution(server, "POST", "/1.1/classes/Post") == .pooled)
    }

    /// The route table's creates are short writes; nothing else is.
    @Test func onlyTheClassesCreate_isAShortWrite() {
        let routes = Routes.make()
        guard case .found(let create, _) = routes.match(method: "POST", path: "/1.1/classes/Post") else {
            Issue.record("no create route")
            return
        }
        #expect(create.work == .shortWrite)
        for (method, path) in [("POST", "/1.1/users"), ("POST", "/1.1/installations"), ("PUT", "/1.1/classes/Post/a")] {
            guard case .found(let route, _) = routes.match(method: method, path: path) else { continue }
            #expect(route.work != .shortWrite, "\(method) \(path)")
        }
    }
}
