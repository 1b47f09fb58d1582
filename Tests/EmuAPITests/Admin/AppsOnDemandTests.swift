import Dispatch
import EmuAPI
import EmuData
import EmuRouting
import EmuTestSupport
import LCWire
import Primitives
import Testing

/// `POST`/`DELETE /__admin/apps` (docs/testing.md, issue 31): apps made on demand from a template.
@Suite struct AppsOnDemandTests {
    @Test func create_answersFreshKeys_andAnEmptyAppOfItsOwn() throws {
        let server = try TestServer.start(seeded: true)
        let made = try create(on: server, ["appId": "fresh-one"])
        #expect(made.appId == "fresh-one")
        #expect(made.appKey != server.app.appKey && made.masterKey != server.app.masterKey && made.appKey != made.masterKey)
        let client = self.client(server, made)
        #expect(try client.get("/1.1/classes/Post").json?["results"]?.arrayValue?.count == 0)
        #expect(try count(server, made.appId) == 0)
        #expect(try count(server, server.app.appId) > 0)
    }

    @Test func create_seeded_startsFromTheTemplatesSeed_andAnIdIsMadeWhenNoneIsGiven() throws {
        let server = try TestServer.start(seeded: true)
        let made = try create(on: server, ["seeded": true])
        #expect(made.appId.hasPrefix("app-"))
        #expect(try count(server, made.appId) == count(server, server.app.appId))
    }

    @Test func apps_areIsolated_fromTheTemplateAndFromEachOther() throws {
        let server = try TestServer.start()
        let first = try create(on: server, [:]), second = try create(on: server, [:])
        for app in [server.app, first, second] {
            let signUp = try client(server, app).post("/1.1/users", json: ["username": "ada", "password": "secret"])
            #expect(signUp.status == 201)
        }
        #expect(try client(server, first).post("/1.1/classes/Post", json: ["title": "first's"]).status == 201)
        for app in [server.app, second] {
            #expect(try client(server, app).get("/1.1/classes/Post").json?["results"]?.arrayValue?.count == 0)
        }
        #expect(try client(server, first).get("/1.1/classes/Post").json?["results"]?.arrayValue?.count == 1)
    }

    @Test func delete_dropsTheApp_whichThenAnswersAsAnUnknownApp() throws {
        let server = try TestServer.start()
        let made = try create(on: server, [:])
        #expect(try client(server, made).post("/1.1/classes/Post", json: ["n": 1]).status == 201)
        let admin = client(server, made, credentials: .masterKey)
        #expect(try admin.delete("/__admin/apps/\(made.appId)").status == 200)
        #expect(try client(server, made).get("/1.1/classes/Post").status == 401)
        let again = try server.client(credentials: .masterKey).delete("/__admin/apps/\(made.appId)")
        #expect(again.status == 404)
        #expect(again.json?["code"]?.intValue == 1)
        #expect(server.emulator.app(made.appId) == nil)
    }

    @Test func delete_neverDropsAConfiguredApp_norAnotherTestsApp() throws {
        let server = try TestServer.start()
        let first = try create(on: server, [:]), second = try create(on: server, [:])
        #expect(try server.client(credentials: .masterKey).delete("/__admin/apps/\(server.app.appId)").status == 404)
        #expect(try client(server, first, credentials: .masterKey).delete("/__admin/apps/\(second.appId)").status == 404)
        #expect(server.emulator.app(second.appId) != nil)
    }

    @Test func create_needsAMasterKey_andAFreeValidId() throws {
        let server = try TestServer.start()
        #expect(try server.client(credentials: .appKey).post("/__admin/apps", json: [:]).status == 401)
        #expect(try server.client(credentials: .none).post("/__admin/apps", json: [:]).status == 401)
        let taken = try server.client(credentials: .masterKey).post("/__admin/apps", json: ["appId": .string(server.app.appId)])
        #expect(taken.status == 409)
        #expect(try server.client(credentials: .masterKey).post("/__admin/apps", json: ["appId": "a b"]).status == 400)
        #expect(try server.client(credentials: .masterKey).post("/__admin/apps", json: ["seeded": "yes"]).status == 400)
    }

    @Test func create_stopsAtTheCap_withTheAPIsErrorFormat() throws {
        let server = try TestServer.start()
        for _ in 0..<AppDirectory.onDemandCapacity { _ = try create(on: server, [:]) }
        let refused = try server.client(credentials: .masterKey).post("/__admin/apps", json: [:])
        #expect(refused.status == 429)
        #expect(refused.json?["code"]?.intValue == 1)
        #expect(refused.json?["error"]?.stringValue?.contains("\(AppDirectory.onDemandCapacity)") == true)
    }

    /// Four workers at once over sockets, each on its own app: no one sees another's rows.
    @Test func fourParallelWorkers_eachOnItsOwnApp_seeNoCrossTalk() throws {
        let server = try TestServer.start(.socket)
        let apps = try (0..<4).map { _ in try create(on: server, [:]) }
        let counts = Locked<[String: Int]>([:])
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            let client = self.client(server, apps[worker])
            for n in 0..<10 {
                _ = try? client.post("/1.1/users", json: ["username": .string("user\(n)"), "password": "secret"])
                _ = try? client.post("/1.1/classes/Post", json: ["worker": .number(Double(worker))])
            }
            let seen = (try? client.get("/1.1/classes/Post?limit=1000").json?["results"]?.arrayValue) ?? []
            let mine = seen.filter { $0["worker"]?.intValue == worker }.count
            counts.withValue { $0[apps[worker].appId] = seen.count == mine ? mine : -1 }
        }
        #expect(counts.current == Dictionary(uniqueKeysWithValues: apps.map { ($0.appId, 10) }))
    }

    /// The one app served (the default) owns custom routes whatever id a request names; an app
    /// made on demand ends that at once, and dropping it brings it back (each snapshot of the
    /// apps decides it, `AppDirectory.Snapshot.soleApp`).
    @Test func theDefaultAppsCustomRoutes_answerEveryIdOnlyWhileItIsTheOneApp() throws {
        let server = try TestServer.start()
        let route: JSON = ["id": "teapot", "request": ["method": "GET", "path": "/1.1/classes/Post"],
                           "response": ["status": 418, "json": ["teapot": true]]]
        #expect(try server.client(credentials: .masterKey).post("/__admin/routes", json: route).status < 300)
        let stranger = AppConfiguration(appId: "not-served", appKey: "k", masterKey: "m")
        #expect(try server.client(app: stranger).get("/1.1/classes/Post").status == 418)
        let made = try create(on: server, ["appId": "made-later"])
        #expect(try client(server, made).get("/1.1/classes/Post").status == 200)
        #expect(try server.client().get("/1.1/classes/Post").status == 418)
        #expect(try server.client(app: stranger).get("/1.1/classes/Post").status == 418)
        #expect(try server.client(credentials: .masterKey).delete("/__admin/apps/made-later").status == 200)
        #expect(try client(server, made).get("/1.1/classes/Post").status == 418)
    }

    // MARK: - Helpers

    private func create(on server: TestServer, _ body: JSONObject) throws -> AppConfiguration {
        let response = try server.client(credentials: .masterKey).post("/__admin/apps", json: .object(body))
        #expect(response.status == 201)
        guard let json = response.json, let id = json["appId"]?.stringValue, let key = json["appKey"]?.stringValue,
              let master = json["masterKey"]?.stringValue else { throw TestSetupError("no app made: \(response.text)") }
        return AppConfiguration(appId: id, appKey: key, masterKey: master)
    }

    private func client(_ server: TestServer, _ app: AppConfiguration, credentials: TestClient.Credentials = .appKey) -> TestClient {
        server.client(app: app, credentials: credentials)
    }

    private func count(_ server: TestServer, _ appId: String) throws -> Int64 {
        let app = try #require(server.emulator.app(appId))
        return try app.database.read { db in try db.scalar("SELECT count(*) FROM objects")?.int64Value ?? -1 }
    }
}
