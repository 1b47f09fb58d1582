import EmuTestSupport
import Dispatch
import EmuTesting
import Foundation
import LCWire
import Testing

/// `lcemu serve --routes` (and `LCEMU_ROUTES`) in the real binary: routes answer, a changed file
/// is picked up while running, a bad file stops the start with one line (exit 1), a missing path
/// is a usage error (64), a route that shadows a LeanCloud route is logged, and a route added over
/// HTTP reads files from the routes folder only (the issue's `/etc/passwd` route is refused).
@Suite struct CustomRoutesBinaryTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    @Test func aChangedRouteFile_isReloadedWhileRunning_andShadowingIsLogged() async throws {
        let file = try directory.write("routes.json", #"[{"id":"v","request":{"path":"/v"},"response":{"json":{"v":1}}},{"id":"date","request":{"method":"GET","path":"/1.1/date"},"response":{"json":{"mocked":true}}}]"#)
        let server = try await TestServer.startAsync(.binary, arguments: ["--data", ":memory:", "--no-seed"], environment: ["LCEMU_ROUTES": file])
        let client = server.client(credentials: .none)
        #expect(try await RunningBinary.offThePool { try client.get("/v").json?["v"] } == 1)
        #expect(server.standardError.text.contains("route 'date' (\(file)) shadows the LeanCloud route GET /1.1/date"))
        try directory.write("routes.json", #"[{"id":"v","request":{"path":"/v"},"response":{"json":{"v":2}}}]"#)
        #expect(try await eventually { try client.get("/v").json?["v"] == 2 })
        try directory.write("routes.json", #"[{"id":"v","request":{"path":"/v"},"response":{"statuss":200}}]"#)
        // The file is rewritten in place, so a poll may first read it empty (refused the same
        // way): wait for the refusal of the new text itself.
        let refusal = "route file \(file): route 'v': response.statuss: unknown field"
        #expect(try await eventually { server.standardError.text.contains(refusal) })
        let line = server.standardError.text.split(separator: "\n").first { $0.contains(refusal) }
        #expect(line?.hasSuffix("; keeping the routes loaded before") == true)
        #expect(try await RunningBinary.offThePool { try client.get("/v").json?["v"] } == 2)
    }

    @Test func theIssuesFileReadingRoute_isRefused_butTheRoutesFolderServes() async throws {
        try directory.write("routes.json", "[]")
        try directory.write("hello.txt", "hi there")
        let server = try await TestServer.startAsync(.binary, arguments: ["--data", ":memory:", "--no-seed", "--routes", directory.path])
        let admin = server.client(credentials: .masterKey), device = server.client(credentials: .none)
        let (refused, served) = try await RunningBinary.offThePool {
            let refused = try admin.post("/__admin/routes", json: ["id": "pw", "request": ["path": "/pw"], "response": ["bodyFile": "/etc/passwd"]])
            _ = try admin.post("/__admin/routes", json: ["id": "hello", "request": ["path": "/hello"], "response": ["bodyFile": "hello.txt"]])
            return (refused, try device.get("/hello"))
        }
        #expect(refused.status == 400 && refused.json?["error"]?.stringValue?.contains("response.bodyFile: '/etc/passwd' must be a path relative to the routes folder") == true)
        #expect(served.text == "hi there")
        #expect(try await RunningBinary.offThePool { try device.get("/pw").status } == 404)
    }

    @Test func aBadRouteFile_stopsTheStart_withOneLine_exit1() async throws {
        let file = try directory.write("login.json", #"[{"id":"login","request":{"path":"/app/login","body":{"username":{"matches":"("}}}}]"#)
        let outcome = try await RunningBinary.runAsync(["serve", "--port", "0", "--data", ":memory:", "--no-seed", "--log-level", "warning", "--routes", file])
        #expect(outcome.termination == .exited(1), "\(outcome.error)")
        #expect(outcome.error == "lcemu: cannot start: route file \(file): route 'login': request.body.username.matches: regex '(' does not compile\n")
    }

    @Test func aMissingRoutesPath_isAUsageError() async throws {
        let outcome = try await RunningBinary.runAsync(["serve", "--data", ":memory:", "--routes", directory.path("nothing")])
        #expect(outcome.termination == .exited(64))
        #expect(outcome.error == "lcemu: --routes: no file or folder at '\(directory.path("nothing"))'\n")
    }
}
