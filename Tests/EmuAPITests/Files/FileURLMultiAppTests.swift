import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// `/<key>` across several apps: each app's file is served at its own URL; for a key two apps
/// chose, the default app's wins at `/<key>` and the long form tells them apart.
@Suite struct FileURLMultiAppTests {
    static let blog = AppConfiguration(appId: "blog", appKey: "blog-key", masterKey: "blog-master")
    static let shop = AppConfiguration(appId: "shop", appKey: "shop-key", masterKey: "shop-master")

    let emulator: TestServer

    init() throws {
        emulator = try TestServer.start { $0.apps = [Self.blog, Self.shop] }
    }

    private func upload(_ app: AppConfiguration, key: String?, _ bytes: [UInt8]) throws -> String {
        let master = TestClient(transport: .inProcess(emulator.emulator), app: app, credentials: .masterKey)
        var body: JSONObject = ["name": "x.bin"]
        if let key { body["key"] = .string(key) }
        let tokens = try #require(try master.post("/1.1/fileTokens", json: .object(body)).json)
        let uploadURL = try #require(tokens["upload_url"]?.stringValue)
        #expect(try keyless.send("PUT", target(of: uploadURL), body: bytes, headers: ["Content-Type": "application/x-demo"]).status == 200)
        return try #require(tokens["url"]?.stringValue)
    }

    private var keyless: TestClient {
        TestClient(transport: .inProcess(emulator.emulator), app: Self.blog, credentials: .none)
    }

    @Test func eachAppsFile_isServedAtItsOwnURL() throws {
        let blogURL = try upload(Self.blog, key: nil, [1])
        let shopURL = try upload(Self.shop, key: nil, [2])
        #expect(try keyless.get(target(of: blogURL)).body == [1])
        #expect(try keyless.get(target(of: shopURL)).body == [2])
    }

    @Test func aKeyBothAppsChose_isTheDefaultAppsAtTheRoot_andTheLongFormTellsThemApart() throws {
        _ = try upload(Self.shop, key: "logo.png", [2])
        #expect(try keyless.get("/logo.png").body == [2])
        _ = try upload(Self.blog, key: "logo.png", [1])
        #expect(try keyless.get("/logo.png").body == [1])
        #expect(try keyless.get("/__files/shop/logo.png").body == [2])
        #expect(try keyless.get("/__files/blog/logo.png").body == [1])
    }
}
