import EmuAPI
import EmuHTTP
import EmuTestSupport
import EmuTesting
import Foundation
import Primitives
import LCWire
import Testing

/// `options.mounts` (docs/web-login.md, "Mounts"): the OAuth and cookie-session flows under an
/// app's own prefixes, so that its log-in and its data share one base URL.
@Suite struct FlowMountTests {
    // MARK: Reading and refusing mounts

    @Test func config_readsMounts_andNullSwitchesAFlowOff() throws {
        let options = try AppOptions(json: ["mounts": ["oauth": "/v2/oauth", "webLogin": .null]]).webLogin
        #expect(options.mounts == FlowMounts(oauth: "/v2/oauth", webLogin: nil))
        #expect(try AppOptions(json: ["mounts": ["webLogin": "/app"]]).webLogin.mounts == FlowMounts(oauth: "/oauth", webLogin: "/app"))
        #expect(WebLoginOptions().mounts.isCanonical)
    }

    @Test(arguments: [
        (["webLogin": "/1.1"] as JSON, "mounts.webLogin: /1.1 is under /1.1 or an emulator path (/__admin, /__auth, /__files): choose another prefix"),
        (["oauth": "/1.1/oauth"] as JSON, "mounts.oauth: /1.1/oauth is under /1.1 or an emulator path (/__admin, /__auth, /__files): choose another prefix"),
        (["webLogin": "/__admin/api"] as JSON, "mounts.webLogin: /__admin/api is under /1.1 or an emulator path (/__admin, /__auth, /__files): choose another prefix"),
        (["oauth": "/__files"] as JSON, "mounts.oauth: /__files is under /1.1 or an emulator path (/__admin, /__auth, /__files): choose another prefix"),
        (["webLogin": "/"] as JSON, #"mounts.webLogin: expected a path of one or more segments of letters, digits, '-', '.', '_' or '~' ("/api", "/v2/oauth"), got "/""#),
        (["webLogin": "api"] as JSON, #"mounts.webLogin: expected a path of one or more segments of letters, digits, '-', '.', '_' or '~' ("/api", "/v2/oauth"), got "api""#),
        (["webLogin": "/a/../1.1"] as JSON, #"mounts.webLogin: expected a path of one or more segments of letters, digits, '-', '.', '_' or '~' ("/api", "/v2/oauth"), got "/a/../1.1""#),
        (["webLogin": "/api/"] as JSON, #"mounts.webLogin: expected a path of one or more segments of letters, digits, '-', '.', '_' or '~' ("/api", "/v2/oauth"), got "/api/""#),
        (["webLogin": "/:id"] as JSON, #"mounts.webLogin: expected a path of one or more segments of letters, digits, '-', '.', '_' or '~' ("/api", "/v2/oauth"), got "/:id""#),
        (["oauth": 1] as JSON, #"mounts.oauth: expected a path such as "/api" or null, got 1"#),
        (["web": "/x"] as JSON, "mounts: unknown mount 'web' (known: oauth, webLogin)"),
        (["webLogin": "/oauth/web"] as JSON, "mounts: the mounts of oauth (/oauth) and webLogin (/oauth/web) overlap: give each its own prefix"),
        (["oauth": "/x", "webLogin": "/x"] as JSON, "mounts: the mounts of oauth (/x) and webLogin (/x) overlap: give each its own prefix"),
        (JSON("/api"), #"mounts: expected an object {"oauth", "webLogin"}, got "/api""#),
    ])
    func config_refusesBadMounts_namingTheKey(mounts: JSON, message: String) {
        do {
            _ = try AppOptions(json: ["mounts": mounts])
            Issue.record("accepted \(mounts.jsonString)")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func resolve_rewritesUnderAMount_andHidesTheCanonicalPathOfAMovedFlow() {
        let mounts = FlowMounts(oauth: nil, webLogin: "/v2/api")
        #expect(mounts.resolve("/v2/api/login") == .canonical("/api/login"))
        #expect(mounts.resolve("//v2//api/captcha/login") == .canonical("/api/captcha/login"))
        #expect(mounts.resolve("/api/login") == .notFound)
        #expect(mounts.resolve("/oauth/access_token") == .notFound)
        #expect(mounts.resolve("/v2/apix/login") == .unchanged)
        #expect(mounts.resolve("/1.1/login") == .unchanged)
        #expect(FlowMounts().resolve("/api/login") == .unchanged)
        // A flow may take the other's canonical prefix when that one moved away.
        let swapped = FlowMounts(oauth: "/token", webLogin: "/oauth")
        #expect(swapped.resolve("/oauth/login") == .canonical("/api/login"))
        #expect(swapped.resolve("/token/access_token") == .canonical("/oauth/access_token"))
        #expect(swapped.resolve("/api/login") == .notFound)
    }

    // MARK: Served at the mounts

    static func server(_ mounts: FlowMounts) throws -> TestServer {
        try TestServer.start(.inProcess, seeded: true) { $0.apps[0].options.webLogin.mounts = mounts }
    }

    static func token(_ server: TestServer, at path: String) throws -> TestClient.Response {
        let basic = "Basic " + Data("\(server.app.appId):\(server.app.appKey)".utf8).base64EncodedString()
        return try server.inProcessClient(credentials: .none).send(
            "POST", path, body: Array("grant_type=password&username=testuser&password=lcemu-test-password".utf8),
            headers: ["Authorization": basic, "Content-Type": "application/x-www-form-urlencoded"])
    }

    @Test func webLoginMount_servesTheCookieFlowThere_andNotAtApi() throws {
        let server = try Self.server(FlowMounts(webLogin: "/v2/api"))
        var browser = TestBrowser(server.inProcessClient())
        #expect(try browser.get("/v2/api/captcha/login").json?["code"] == 0)
        let login = try browser.post("/v2/api/login", form: [("email", "testuser"), ("password", SHA1.hex("lcemu-test-password"))])
        #expect(login.json?["code"] == 0)
        #expect(try browser.get("/v2/api/current_user").json?["data"]?["username"] == "testuser")
        let canonical = try browser.get("/api/current_user")
        #expect(canonical.status == 404)
        #expect(canonical.json?["code"] == 404)
        // The other flow stays where it was.
        #expect(try Self.token(server, at: "/oauth/access_token").status == 200)
    }

    @Test func aMountedTwoFactorCode_isMaskedInTheJournal_likeTheCanonicalOne() throws {
        let server = try Self.server(FlowMounts(webLogin: "/v2/api"))
        _ = try server.inProcessClient(credentials: .none).send(
            "POST", "/v2/api/check_two_factor_auth_code", body: Array("code=s3cr3t2fa".utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        let journal = try server.inProcessClient(credentials: .masterKey).get("/__admin/requests?limit=10").text
        #expect(journal.contains("/v2/api/check_two_factor_auth_code"))
        #expect(!journal.contains("s3cr3t2fa"))
    }

    @Test func oauthMount_servesTheTokenThere_andNotAtOauth() throws {
        let server = try Self.server(FlowMounts(oauth: "/auth2"))
        let grant = try Self.token(server, at: "/auth2/access_token")
        #expect(grant.status == 200)
        #expect(grant.json?["token_type"] == "bearer")
        #expect(try Self.token(server, at: "/oauth/access_token").status == 404)
    }

    @Test func nullMounts_switchTheFlowsOff() throws {
        let server = try Self.server(FlowMounts(oauth: nil, webLogin: nil))
        #expect(try Self.token(server, at: "/oauth/access_token").status == 404)
        var browser = TestBrowser(server.inProcessClient())
        #expect(try browser.get("/api/captcha/login").status == 404)
        // LeanCloud's API is untouched.
        #expect(try server.inProcessClient().get("/1.1/classes/Post?limit=1").status == 200)
    }

    @Test func mounts_areTheRequestsApps_namedByXLCId() throws {
        let server = try TestServer.start(.inProcess, seeded: true) { configuration in
            var other = AppConfiguration(appId: "other", appKey: "other-key", masterKey: "other-master")
            other.options.webLogin.mounts = FlowMounts(webLogin: "/other/api")
            configuration.apps.append(other)
        }
        var first = TestBrowser(server.inProcessClient())
        #expect(try first.get("/api/captcha/login").json?["code"] == 0)
        #expect(try first.get("/other/api/captcha/login").status == 404)
        var second = TestBrowser(server.inProcessClient())
        second.client.credentials = .headers(["X-LC-Id": "other"])
        #expect(try second.get("/other/api/captcha/login").json?["code"] == 0)
        #expect(try second.get("/api/captcha/login").status == 404)
    }
}
