import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuTesting
import Foundation
import LCWire
import Testing

/// The seeded emulator (test user `testuser` / `lcemu-test-password`, private post) and the
/// requests of the OAuth flow (login-flows.md §3).
struct OAuthFixture {
    static let privatePost = "/1.1/classes/Post/65a1f0c0e4b0a1d2c3f50028"
    let emulator: TestServer
    let client: TestClient

    init(live: Bool = false, expiresIn: Int? = nil) throws {
        emulator = try TestServer.start(seeded: true) { $0.apps[0].options.webLogin.oauthExpiresIn = expiresIn }
        client = live ? emulator.client(credentials: .none) : emulator.inProcessClient(credentials: .none)
    }

    var app: AppRuntime {
        get throws { try #require(emulator.emulator.app(emulator.app.appId)) }
    }

    /// `Authorization: Basic` of the app id and key (or others).
    func basic(_ id: String? = nil, _ secret: String? = nil) -> String {
        let pair = "\(id ?? emulator.app.appId):\(secret ?? emulator.app.appKey)"
        return "Basic " + Data(pair.utf8).base64EncodedString()
    }

    /// `POST /oauth/access_token` with a form body.
    func token(_ fields: [(String, String)], authorization: String? = nil) throws -> TestClient.Response {
        var headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        if let authorization = authorization ?? Optional(basic()), !authorization.isEmpty {
            headers.add("Authorization", authorization)
        }
        return try client.send("POST", "/oauth/access_token", body: Array(TestBrowser.formEncoded(fields).utf8), headers: headers)
    }

    func passwordGrant(_ username: String = "testuser", _ password: String = "lcemu-test-password") throws -> TestClient.Response {
        try token([("grant_type", "password"), ("username", username), ("password", password)])
    }

    /// A GET with `Authorization: Bearer` and no other credentials.
    func get(_ path: String, bearer: String) throws -> TestClient.Response {
        try client.get(path, headers: ["Authorization": "Bearer \(bearer)"])
    }
}
