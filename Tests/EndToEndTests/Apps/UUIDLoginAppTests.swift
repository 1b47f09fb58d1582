import EmuTestSupport
import EmuData
import EmuHTTP
import Foundation
import LCWire
import Testing

/// examples/apps/uuid-login as the MVVM demo's `loginCommand` uses it (REQUESTS.md): a form of
/// `tick` and `username` (keys sorted, no password), the device id in a `uuid` header, nothing
/// else. `handleResponseObject` succeeds only when `msg` is "成功", and `doNext:` compares `code`
/// with the string "0".
@Suite struct UUIDLoginAppTests {
    static let deviceId = "6F9619FF-8B86-D011-B42D-00C04FC964FF"

    static func login(_ server: TestServer, _ fields: [String: String], uuid: String? = deviceId) throws -> TestClient.Response {
        var headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        if let uuid { headers.add("uuid", uuid) }
        return try server.client(credentials: .none).send("POST", "/app/login", body: ExampleApp.form(fields), headers: headers)
    }

    /// The app's success test: `msg` equal to "成功", then `code` equal to the string "0".
    static func succeeds(_ response: TestClient.Response) -> Bool {
        response.status == 200 && response.json?["msg"]?.stringValue == "成功" && response.json?["code"]?.stringValue == "0"
    }

    /// The app's error branch: a 2xx whose `msg` is not "成功" (the whole answer is the error's userInfo).
    static func failsWithItsEnvelope(_ response: TestClient.Response) -> Bool {
        response.status == 200 && response.json?["msg"]?.stringValue == "失败" && response.json?["code"]?.stringValue == "1"
    }

    @Test func theLogInCommand_asTheAppSendsIt_andEveryErrorBranch() async throws {
        let server = try await ExampleApp.serve("uuid-login")

        // 1. The account of credentials.json, no password sent.
        let login = try Self.login(server, ["tick": ExampleApp.tick(), "username": "18170957509"])
        #expect(Self.succeeds(login), "\(login.status) \(login.text)")
        #expect(login.headers["Content-Type"]?.hasPrefix("application/json") == true)
        #expect(login.json?["data"]?["username"]?.stringValue == "18170957509")
        #expect(login.json?["data"]?["userId"]?.stringValue == "64b7f0c2e4b0a1d2c3f40101")
        #expect(login.json?["data"]?["token"]?.stringValue?.isEmpty == false)
        #expect(!login.text.contains("123456"), "the password never comes back: \(login.text)")

        // 4. A password field, if some build sent one, changes nothing.
        let withPassword = try Self.login(server, ["password": "whatever", "tick": ExampleApp.tick(), "username": "18170957509"])
        #expect(Self.succeeds(withPassword), "\(withPassword.text)")

        // 2. A well-formed number nobody registered: 200 and the failure envelope.
        let unknown = try Self.login(server, ["tick": ExampleApp.tick(), "username": "13800138000"])
        #expect(!Self.succeeds(unknown) && Self.failsWithItsEnvelope(unknown), "\(unknown.status) \(unknown.text)")

        // 3. Without the uuid header, with a malformed number, with a malformed tick.
        let noDevice = try Self.login(server, ["tick": ExampleApp.tick(), "username": "18170957509"], uuid: nil)
        #expect(Self.failsWithItsEnvelope(noDevice), "\(noDevice.text)")
        let badNumber = try Self.login(server, ["tick": ExampleApp.tick(), "username": "12345"])
        #expect(Self.failsWithItsEnvelope(badNumber), "\(badNumber.text)")
        let badTick = try Self.login(server, ["tick": "yesterday", "username": "18170957509"])
        #expect(Self.failsWithItsEnvelope(badTick), "\(badTick.text)")
    }

    /// The same account logs in through the LeanCloud API with the password credentials.json
    /// names (the config's start-up check holds it to the seed).
    @Test func theCredentialsFile_logsInThroughLeanCloudToo() async throws {
        let server = try await ExampleApp.serve("uuid-login")
        let app = AppConfiguration(appId: "uuid-login-dev", appKey: "uuid-login-dev-key", masterKey: "uuid-login-dev-master")
        let login = try server.client(app: app, credentials: .appKey).post("/1.1/login", json: ["username": "18170957509", "password": "123456"])
        #expect(login.status == 200 && login.json?["sessionToken"]?.stringValue != nil, "\(login.text)")
    }
}
