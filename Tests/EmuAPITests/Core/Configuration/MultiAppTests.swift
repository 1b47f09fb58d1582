import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuSQLite
import EmuTesting
import Foundation
import LCWire
import Testing

/// Several apps in one emulator: each with its own keys, signature window and database.
@Suite struct MultiAppTests {
    static let blog = AppConfiguration(appId: "blog", appKey: "blog-key", masterKey: "blog-master",
                                       options: AppOptions(signMaxSkewSeconds: 60))
    static let shop = AppConfiguration(appId: "shop", appKey: "shop-key", masterKey: "shop-master")
    static let quiet = AppConfiguration(appId: "quiet", appKey: "quiet-key", masterKey: "quiet-master",
                                        options: AppOptions(signMaxSkewSeconds: 0))

    func start(globalSkew: Double? = nil) throws -> TestServer {
        try TestServer.start { configuration in
            configuration.apps = [Self.blog, Self.shop, Self.quiet]
            configuration.signMaxSkewSeconds = globalSkew
        }
    }

    func client(_ emulator: TestServer, _ app: AppConfiguration, _ credentials: TestClient.Credentials = .appKey) -> TestClient {
        TestClient(transport: .inProcess(emulator.emulator), app: app, credentials: credentials)
    }

    /// A client whose signature is `offset` milliseconds away from the emulator clock.
    func signed(_ emulator: TestServer, _ app: AppConfiguration, offset: Int64) -> TestClient {
        let timestamp = emulator.emulator.clock.nowMilliseconds + offset
        let sign = LCRequestSignature.make(key: app.appKey, timestamp: timestamp, master: false)
        return client(emulator, app, .headers(["X-LC-Id": app.appId, "X-LC-Sign": sign]))
    }

    @Test func everyApp_answers_withItsOwnKeys() throws {
        let emulator = try start()
        for app in [Self.blog, Self.shop, Self.quiet] {
            #expect(try client(emulator, app).get("/1.1/date").status == 200)
            #expect(try client(emulator, app, .masterKey).post("/__admin/reset").status == 200)
        }
    }

    /// Past four apps the authenticator looks ids up by hash instead of comparing them in turn
    /// (`AppAuthenticator.app(withId:)`): the same answers, windows included.
    @Test func manyApps_eachAnswerWithItsOwnKeysAndWindow() throws {
        let more = (1...3).map { AppConfiguration(appId: "app\($0)", appKey: "key\($0)", masterKey: "master\($0)") }
        let emulator = try TestServer.start { $0.apps = [Self.blog, Self.shop, Self.quiet] + more }
        for app in [Self.blog, Self.shop, Self.quiet] + more {
            #expect(try client(emulator, app).get("/1.1/date").status == 200)
            #expect(try signed(emulator, app, offset: 0).get("/1.1/date").status == 200)
        }
        #expect(try signed(emulator, Self.blog, offset: -120_000).get("/1.1/date").status == 401)
        #expect(try signed(emulator, Self.shop, offset: -120_000).get("/1.1/date").status == 200)
        let unknown = client(emulator, Self.blog, .headers(["X-LC-Id": "app4", "X-LC-Key": "key1"]))
        #expect(try unknown.get("/1.1/date").status == 401)
    }

    /// Up to four apps, an id is compared with each app's as bytes when both are ASCII
    /// (`Snapshot.Entry.isNamed`); the answers stay those of `String`'s `==`, which holds an id
    /// with the Kelvin sign (U+212A) equal to the same id with `K`.
    @Test(arguments: [("blog", 200), ("blo", 401), ("blogs", 401), ("BLOG", 401), ("", 401), ("K1", 200),
                      ("\u{212A}1", 200), ("k1", 401), ("K1\u{301}", 401)])
    func fewApps_anIdNamesAnApp_asStringEqualitySays(id: String, status: Int) throws {
        let kelvin = AppConfiguration(appId: "K1", appKey: "blog-key", masterKey: "k-master")
        let emulator = try TestServer.start { $0.apps = [Self.blog, Self.shop, kelvin] }
        let response = try client(emulator, Self.blog, .headers(["X-LC-Id": id, "X-LC-Key": "blog-key"])).get("/1.1/date")
        #expect(response.status == status)
    }

    @Test func keysOfOneApp_doNotOpenAnother() throws {
        let emulator = try start()
        let mixed = client(emulator, Self.blog, .headers(["X-LC-Id": "shop", "X-LC-Key": "blog-key"]))
        #expect(try mixed.get("/1.1/date").status == 401)
    }

    @Test func signWindow_appliesPerApp() throws {
        let emulator = try start()
        #expect(try signed(emulator, Self.blog, offset: -120_000).get("/1.1/date").status == 401)
        #expect(try signed(emulator, Self.blog, offset: -30_000).get("/1.1/date").status == 200)
        #expect(try signed(emulator, Self.shop, offset: -120_000).get("/1.1/date").status == 200)
    }

    @Test func globalSignWindow_appliesToAppsWithoutTheirOwn_andZeroOptsOut() throws {
        let emulator = try start(globalSkew: 10)
        #expect(try signed(emulator, Self.shop, offset: 20_000).get("/1.1/date").status == 401)
        #expect(try signed(emulator, Self.blog, offset: 20_000).get("/1.1/date").status == 200)
        #expect(try signed(emulator, Self.quiet, offset: 3_600_000).get("/1.1/date").status == 200)
    }

    @Test func eachApp_hasItsOwnDatabase() throws {
        let emulator = try start()
        let record = ObjectRecord(className: "Post", objectId: "65a1f0c0e4b0a1d2c3f50001", createdAt: LCDate(millisecondsSince1970: 0),
                                  updatedAt: LCDate(millisecondsSince1970: 0), acl: nil, fields: ["title": "only in blog"])
        try #require(emulator.emulator.app("blog")).database.write { db in try ObjectStore.insert(record, in: db) }
        let inShop = try #require(emulator.emulator.app("shop")).database.read { db in
            try ObjectStore.fetch(className: "Post", objectId: record.objectId, in: db)
        }
        #expect(inShop == nil)
    }

    @Test func emulator_refusesAppsThatCannotBeServedTogether() {
        #expect(throws: ConfigurationError("app id 'blog' appears twice")) {
            try TestServer.start { $0.apps = [Self.blog, Self.blog] }
        }
    }
}
