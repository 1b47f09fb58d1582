import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

@Suite struct AdminTests {
    @Test func health_isOpenAndOk() throws {
        let emulator = try TestServer.start()
        let response = try emulator.client(credentials: .none).get("/__admin/health")
        #expect(response.status == 200)
        #expect(response.text == #"{"status":"ok"}"#)
    }

    @Test(arguments: [TestClient.Credentials.masterKey, .signedMasterKey])
    func reset_restoresTheSeed(credentials: TestClient.Credentials) throws {
        let emulator = try TestServer.start(seeded: true)
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        let seeded = try count(app)
        #expect(seeded > 0)
        try app.database.write { db in
            try db.execute("DELETE FROM objects WHERE rowid IN (SELECT rowid FROM objects LIMIT 3)")
            try db.execute("INSERT INTO objects (class, id, created_at, updated_at, data) VALUES ('Extra', 'x', 0, 0, '{}')")
        }
        #expect(try count(app) == seeded - 2)
        let response = try emulator.inProcessClient(credentials: credentials).post("/__admin/reset")
        #expect(response.status == 200)
        #expect(try count(app) == seeded)
    }

    @Test func reset_refusesClientKeys() throws {
        let emulator = try TestServer.start()
        #expect(try emulator.inProcessClient(credentials: .signedAppKey).post("/__admin/reset").status == 401)
        #expect(try emulator.inProcessClient(credentials: .none).post("/__admin/reset").status == 401)
    }

    private func count(_ app: AppRuntime) throws -> Int64 {
        try app.database.read { db in try db.scalar("SELECT count(*) FROM objects")?.int64Value ?? -1 }
    }
}
