@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
import EmuHTTP
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire

/// An emulator with a user, a session and a post, and the four kinds of caller the robustness
/// tests send as: app key, master key, app key with a session, and no credentials.
final class RobustnessFixture: Sendable {
    let emulator: TestServer
    let userId: String
    let postId: String
    let clients: [(name: String, client: TestClient)]

    init() throws {
        emulator = try TestServer.start()
        userId = try emulator.createUser("robust")
        let created = try emulator.inProcessClient(credentials: .masterKey).post(
            "/1.1/classes/Post", json: ["title": "hello", "author": ["__type": "Pointer", "className": "_User", "objectId": .string(userId)]])
        postId = created.json?["objectId"]?.stringValue ?? ""
        var session = emulator.inProcessClient()
        session.sessionToken = try emulator.sessionToken(forUser: userId)
        clients = [("appKey", emulator.inProcessClient()), ("masterKey", emulator.inProcessClient(credentials: .masterKey)),
                   ("session", session), ("none", emulator.inProcessClient(credentials: .none))]
    }

    var appId: String { emulator.app.appId }

    /// The callers that get past authentication on most routes and so reach the most code:
    /// the master key and a user's session. The full rounds use these two to stay fast.
    var deepClients: [(name: String, client: TestClient)] { clients.filter { $0.name == "masterKey" || $0.name == "session" } }

    /// Sends `body` to `target`; form-encoded families get their own content type.
    func send(_ client: TestClient, _ sample: RouteSample, _ target: String, body: [UInt8]) throws -> TestClient.Response {
        var headers: HTTPHeaders = [:]
        if !body.isEmpty {
            let form = sample.family == .webLogin || sample.family == .oauth || sample.family == .authPages
            headers.set("Content-Type", form ? "application/x-www-form-urlencoded" : "application/json")
        }
        return try client.send(sample.method, target, body: body, headers: headers)
    }

    /// A capture that names something that exists: the user on user routes, else the post.
    func existing(_ name: String, in sample: RouteSample) -> String {
        guard name == "objectId" else { return RouteSample.ordinary(name) }
        return sample.pattern.hasPrefix("/1.1/users") ? userId : postId
    }

    /// True when the emulator still answers over its socket.
    func stillAnswers() throws -> Bool {
        let health = try emulator.client(credentials: .none).get("/__admin/health")
        let date = try emulator.client().get("/1.1/date")
        return health.status == 200 && date.status == 200
    }
}
