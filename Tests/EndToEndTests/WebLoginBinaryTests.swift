import EmuTestSupport
import EmuAPI
import EmuTesting
import Foundation
import LCWire
import Primitives
import Testing

/// The web log-in options read from a `--config` file by the real binary (docs/web-login.md).
@Suite struct WebLoginBinaryTests {
    @Test func binary_readsTheWebLoginOptions_ofItsConfigFile() async throws {
        let data = try TemporaryDirectory()
        let config = try data.write("apps.json", """
            {"apps":[{"appId":"web","appKey":"web-key","masterKey":"web-master",
              "options":{"webLoginPitfall":false,"webLoginCsrf":false,"oauthExpiresIn":90}}]}
            """)
        let server = try await TestServer.startAsync(.binary, arguments: ["--data", data.path("db"), "--config", config])
        let app = AppConfiguration(appId: "web", appKey: "web-key", masterKey: "web-master")
        let client = server.client(app: app, credentials: .masterKey)
        #expect(try client.post("/1.1/classes/_User", json: ["username": "bob", "password": "secret"]).status == 201)

        // Pitfall off: a log-in without captcha/login starts a recognised session.
        var browser = TestBrowser(client)
        browser.echoesCSRF = false
        let login = try browser.post("/api/login", form: [("email", "bob"), ("password", SHA1.hex("secret"))])
        #expect(login.json?["code"] == 0)
        #expect(try browser.get("/api/current_user").json?["data"]?["username"] == "bob")

        let basic = "Basic " + Data("web:web-key".utf8).base64EncodedString()
        let grant = try client.send("POST", "/oauth/access_token", body: Array("grant_type=password&username=bob&password=secret".utf8),
                                    headers: ["Authorization": basic, "Content-Type": "application/x-www-form-urlencoded"])
        #expect(grant.json?["expires_in"] == 90)
    }
}
