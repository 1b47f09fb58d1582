import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuTesting
import Foundation
import LCWire
import Primitives
import Testing

/// The built-in log-in flows as the real binary serves them from a config file (docs/web-login.md):
/// the Coding app's `/api` log-in exactly as REQUESTS.md describes it (native: no `X-XSRF-TOKEN`,
/// no `Origin`; form and multipart), mounts, and OAuth client credentials in the body.
@Suite struct BuiltInFlowsBinaryTests {
    static let app = AppConfiguration(appId: "coding", appKey: "coding-key", masterKey: "coding-master")

    /// The binary with one app of `options` (JSON text), an in-memory database (the config file
    /// is read at start only) and the user `coder` / `coder-password`.
    static func serve(options: String) async throws -> TestServer {
        let data = try TemporaryDirectory()
        let config = try data.write("lcemu.json", """
            {"apps":[{"appId":"coding","appKey":"coding-key","masterKey":"coding-master","options":\(options)}]}
            """)
        let server = try await TestServer.startAsync(.binary, arguments: ["--data", ":memory:", "--config", config])
        let client = server.client(app: app, credentials: .masterKey)
        let created = try client.post("/1.1/classes/_User", json: ["username": "coder", "password": "coder-password", "email": "coder@example.com"])
        #expect(created.status == 201)
        return server
    }

    /// A native client's request: the jar's cookies, nothing else a browser would add.
    static func native(_ jar: inout TestBrowser, _ path: String, body: [UInt8], contentType: String,
                       extra: HTTPHeaders = [:]) throws -> TestClient.Response {
        var headers = extra
        headers.add("Cookie", jar.cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        headers.add("Content-Type", contentType)
        return try jar.client.send("POST", path, body: body, headers: headers)
    }

    @Test func codingApp_logsInAsItsCodeSends_noXSRFHeader_formAndMultipart() async throws {
        let server = try await Self.serve(options: """
            {"mounts":{"webLogin":"/api","oauth":null},"webLoginCsrf":"browser","webLoginPitfall":true,"webLoginCaptchaThreshold":3}
            """)
        var jar = TestBrowser(server.client(app: Self.app, credentials: .none))
        jar.echoesCSRF = false
        // 1. Does log-in need a captcha? The empty jar gets sid and XSRF-TOKEN.
        let captcha = try jar.get("/api/captcha/login")
        #expect(captcha.text == #"{"code":0,"data":false}"#)
        #expect(jar.cookies["sid"] != nil && jar.cookies["XSRF-TOKEN"] != nil)
        // 3. COAccountLoginRequest: email, SHA-1 password, remember_me, empty j_captcha; no X-XSRF-TOKEN.
        let form = TestBrowser.formEncoded([("email", "coder@example.com"), ("password", SHA1.hex("coder-password")),
                                            ("remember_me", "false"), ("j_captcha", "")])
        let login = try Self.native(&jar, "/api/login", body: Array(form.utf8), contentType: "application/x-www-form-urlencoded")
        #expect(login.status == 200)
        #expect(login.json?["code"] == 0)
        #expect(login.json?["data"]?["username"] == "coder")
        // 4. COSession: the current user.
        #expect(try jar.get("/api/current_user").json?["data"]?["username"] == "coder")

        // The same log-in as multipart/form-data, from a fresh jar.
        var second = TestBrowser(server.client(app: Self.app, credentials: .none))
        second.echoesCSRF = false
        _ = try second.get("/api/captcha/login")
        let boundary = "Boundary+0xAbCdEfGbOuNdArY"
        var multipart = ""
        for (name, value) in [("email", "coder@example.com"), ("password", SHA1.hex("coder-password")), ("remember_me", "false"), ("j_captcha", "")] {
            multipart += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        multipart += "--\(boundary)--\r\n"
        let multipartLogin = try Self.native(&second, "/api/login", body: Array(multipart.utf8),
                                             contentType: "multipart/form-data; boundary=\(boundary)")
        #expect(multipartLogin.json?["code"] == 0)
        #expect(try second.get("/api/current_user").json?["data"]?["username"] == "coder")

        // A page in the developer's browser, with that live session and without the token: 801.
        var page = TestBrowser(server.client(app: Self.app, credentials: .none))
        page.echoesCSRF = false
        _ = try page.get("/api/captcha/login")
        let forged = try Self.native(&page, "/api/login", body: Array(form.utf8), contentType: "application/x-www-form-urlencoded",
                                     extra: ["Origin": "http://evil.test"])
        #expect(forged.text == #"{"code":801,"msg":{"csrf_validate_failed":"The CSRF token is missing or wrong."}}"#)
        #expect(try page.get("/api/current_user").json?["code"] == 1000)
        // OAuth is switched off for this app.
        let token = try server.client(app: Self.app, credentials: .none).send(
            "POST", "/oauth/access_token", body: Array("grant_type=password&username=coder&password=coder-password".utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(token.status == 404)
    }

    @Test func mounts_moveTheFlows_andOAuthTakesBodyCredentials() async throws {
        let server = try await Self.serve(options: #"{"mounts":{"webLogin":"/v2/api","oauth":"/v2/oauth"}}"#)
        let device = server.client(app: Self.app, credentials: .none)
        let body = "grant_type=password&username=coder&password=coder-password&client_id=coding&client_secret=coding-key"
        let grant = try device.send("POST", "/v2/oauth/access_token", body: Array(body.utf8),
                                    headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(grant.status == 200)
        let access = try #require(grant.json?["access_token"]?.stringValue)
        #expect(try device.get("/1.1/users/me", headers: ["Authorization": "Bearer \(access)"]).json?["username"] == "coder")
        let basic = "Basic " + Data("coding:coding-key".utf8).base64EncodedString()
        let differing = try device.send("POST", "/v2/oauth/access_token", body: Array((body + "x").utf8),
                                        headers: ["Content-Type": "application/x-www-form-urlencoded", "Authorization": basic])
        #expect(differing.status == 400)
        #expect(differing.json?["error"] == "invalid_request")
        #expect(try device.send("POST", "/oauth/access_token", body: Array(body.utf8),
                                headers: ["Content-Type": "application/x-www-form-urlencoded"]).status == 404)
        var jar = TestBrowser(device)
        #expect(try jar.get("/v2/api/captcha/login").json?["code"] == 0)
        #expect(try jar.get("/api/captcha/login").status == 404)
    }

    @Test(arguments: [
        (#"{"webLogin":"/1.1/api"}"#, "apps[0].options.mounts.webLogin: /1.1/api is under /1.1 or an emulator path (/__admin, /__auth, /__files): choose another prefix"),
        (#"{"oauth":"/__admin"}"#, "apps[0].options.mounts.oauth: /__admin is under /1.1 or an emulator path (/__admin, /__auth, /__files): choose another prefix"),
    ])
    func aMountUnder11OrAdmin_isRefusedAtStart_exit64_oneLine(mounts: String, message: String) async throws {
        let data = try TemporaryDirectory()
        let config = try data.write("lcemu.json", """
            {"apps":[{"appId":"coding","appKey":"coding-key","masterKey":"coding-master","options":{"mounts":\(mounts)}}]}
            """)
        let outcome = try await RunningBinary.runAsync(["serve", "--port", "0", "--data", data.path("db"), "--config", config])
        #expect(outcome.termination == .exited(64), "\(outcome.error)")
        #expect(outcome.errorLines.count == 1)
        #expect(outcome.error.contains(message), "\(outcome.error)")
    }
}
