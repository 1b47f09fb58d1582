import EmuTestSupport
import EmuAPI
import EmuTesting
import Foundation
import LCWire
import Primitives
import Testing

/// Which app the keyless `/api` and `/oauth` routes serve when the emulator has several.
@Suite struct WebLoginMultiAppTests {
    static let blog = AppConfiguration(appId: "blog", appKey: "blog-key", masterKey: "blog-master")
    static let shop = AppConfiguration(appId: "shop", appKey: "shop-key", masterKey: "shop-master")

    /// Two apps; `dave` exists only in the second one.
    private func start() throws -> TestServer {
        let emulator = try TestServer.start { $0.apps = [Self.blog, Self.shop] }
        let master = TestClient(transport: .inProcess(emulator.emulator), app: Self.shop, credentials: .masterKey)
        #expect(try master.post("/1.1/classes/_User", json: ["username": "dave", "password": "secret"]).status == 201)
        return emulator
    }

    private func logIn(_ emulator: TestServer, appId: String?) throws -> Int? {
        var browser = TestBrowser(emulator.inProcessClient())
        if let appId { browser.client.credentials = .headers(["X-LC-Id": appId]) }
        _ = try browser.get("/api/captcha/login")
        return try browser.post("/api/login", form: [("email", "dave"), ("password", SHA1.hex("secret"))]).json?["code"]?.intValue
    }

    @Test func api_servesTheFirstApp_unlessXLCIdNamesAnother() throws {
        let emulator = try start()
        #expect(try logIn(emulator, appId: nil) == 1)
        #expect(try logIn(emulator, appId: "shop") == 0)
    }

    @Test func oauth_servesTheAppOfTheClientId_andItsBearerWorksWithoutXLCId() throws {
        let emulator = try start()
        let client = emulator.inProcessClient(credentials: .none)
        let basic = "Basic " + Data("shop:shop-key".utf8).base64EncodedString()
        let grant = try client.send("POST", "/oauth/access_token", body: Array("grant_type=password&username=dave&password=secret".utf8),
                                    headers: ["Authorization": basic, "Content-Type": "application/x-www-form-urlencoded"])
        let access = try #require(grant.json?["access_token"]?.stringValue)
        let me = try client.get("/1.1/users/me", headers: ["Authorization": "Bearer \(access)"])
        #expect(me.json?["username"] == "dave")
        let wrongApp = try client.get("/1.1/users/me", headers: ["Authorization": "Bearer \(access)", "X-LC-Id": "blog"])
        #expect(wrongApp.status == 401)
    }
}
