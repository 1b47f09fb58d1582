import Dispatch
import EmuAPI
import EmuData
import EmuRouting
import EmuTestSupport
import LCWire
import Primitives
import Testing

/// The opt-in prefix of apps on demand (`appsOnDemandPrefix`, docs/testing.md, issue 31): an
/// unknown id of the prefix gets an app of its own on its first request with the template's keys.
@Suite struct AppsOnDemandPrefixTests {
    @Test func theFirstRequest_makesAnEmptyAppWithTheTemplatesKeys_andIsAnsweredByIt() throws {
        let server = try start(seeded: true)
        let demo = prefixed(server, "demo-first")
        #expect(server.emulator.app("demo-first") == nil)
        #expect(try server.client(app: demo).get("/1.1/classes/Post").json?["results"]?.arrayValue?.count == 0)
        #expect(try server.client(app: demo).post("/1.1/classes/Post", json: ["title": "mine"]).status == 201)
        #expect(try count(server, "demo-first") == 1)
        // The master key and a signature work as with the template; the template is untouched.
        #expect(try server.client(app: demo, credentials: .masterKey).get("/__admin/requests?limit=1").status == 200)
        #expect(try server.client(app: demo, credentials: .signedMasterKey).get("/1.1/classes/Post").status == 200)
        #expect(try server.client(credentials: .masterKey).get("/1.1/classes/Post?where=%7B%22title%22%3A%22mine%22%7D")
            .json?["results"]?.arrayValue?.count == 0)
    }

    @Test func seeded_startsFromTheTemplatesSeed() throws {
        let server = try start(seeded: true) { $0.appsOnDemandSeeded = true }
        #expect(try server.client(app: prefixed(server, "demo-seeded")).get("/1.1/date").status == 200)
        #expect(try count(server, "demo-seeded") == count(server, server.app.appId))
        #expect(try count(server, "demo-seeded") > 0)
    }

    @Test func wrongKeys_idsOutsideThePrefix_andThePrefixAlone_makeNoApp() throws {
        let server = try start()
        let wrongKey = AppConfiguration(appId: "demo-wrong", appKey: "not-the-key", masterKey: server.app.masterKey)
        #expect(try server.client(app: wrongKey).get("/1.1/classes/Post").status == 401)
        #expect(try server.client(app: prefixed(server, "demo-app"), credentials: .appKey).get("/__admin/requests").status == 401)
        #expect(try server.client(app: prefixed(server, "other-app")).get("/1.1/classes/Post").status == 401)
        #expect(try server.client(app: prefixed(server, "demo-")).get("/1.1/classes/Post").status == 401)
        for id in ["demo-wrong", "demo-app", "other-app", "demo-"] { #expect(server.emulator.app(id) == nil) }
    }

    @Test func offByDefault() throws {
        let server = try TestServer.start()
        #expect(try server.client(app: prefixed(server, "demo-off")).get("/1.1/classes/Post").status == 401)
        #expect(server.emulator.app("demo-off") == nil)
    }

    @Test func eachIdIsItsOwnApp_andTheWorkersSeeNoCrossTalk() throws {
        let server = try start(tier: .socket)
        let counts = Locked<[Int: Int]>([:])
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            let client = server.client(app: prefixed(server, "demo-worker-\(worker)"))
            for n in 0..<5 { _ = try? client.post("/1.1/classes/Post", json: ["worker": .number(Double(worker)), "n": .number(Double(n))]) }
            let seen = (try? client.get("/1.1/classes/Post?limit=1000").json?["results"]?.arrayValue) ?? []
            counts.withValue { $0[worker] = seen.allSatisfy { $0["worker"]?.intValue == worker } ? seen.count : -1 }
        }
        #expect(counts.current == [0: 5, 1: 5, 2: 5, 3: 5])
    }

    @Test func firstRequestsRacingForOneId_makeOneApp() throws {
        let server = try start(tier: .socket)
        let statuses = Locked<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { n in
            let status = (try? server.client(app: prefixed(server, "demo-race"))
                .post("/1.1/classes/Post", json: ["n": .number(Double(n))]).status) ?? -1
            statuses.withValue { $0.append(status) }
        }
        #expect(statuses.current == Array(repeating: 201, count: 8))
        // Every write landed in the one app the id names.
        #expect(try count(server, "demo-race") == 8)
    }

    @Test func countsAgainstTheCap_with429InTheAPIsFormat() throws {
        let server = try start()
        for _ in 0..<AppDirectory.onDemandCapacity {
            #expect(try server.client(credentials: .masterKey).post("/__admin/apps", json: [:]).status == 201)
        }
        let refused = try server.client(app: prefixed(server, "demo-late")).get("/1.1/classes/Post")
        #expect(refused.status == 429)
        #expect(refused.json?["code"]?.intValue == 1)
        #expect(refused.json?["error"]?.stringValue?.contains("\(AppDirectory.onDemandCapacity)") == true)
        #expect(server.emulator.app("demo-late") == nil)
    }

    @Test func delete_dropsIt_andTheNextRequestMakesAFreshOne() throws {
        let server = try start()
        let demo = prefixed(server, "demo-dropped")
        #expect(try server.client(app: demo).post("/1.1/classes/Post", json: ["n": 1]).status == 201)
        #expect(try server.client(app: demo, credentials: .masterKey).delete("/__admin/apps/demo-dropped").status == 200)
        #expect(server.emulator.app("demo-dropped") == nil)
        #expect(try server.client(app: demo).get("/1.1/classes/Post").json?["results"]?.arrayValue?.count == 0)
        // The template's master key drops it as well.
        #expect(try server.client(credentials: .masterKey).delete("/__admin/apps/demo-dropped").status == 200)
    }

    @Test func theServerStopping_dropsThem() throws {
        let server = try start()
        #expect(try server.client(app: prefixed(server, "demo-stop")).get("/1.1/classes/Post").status == 200)
        let app = try #require(server.emulator.app("demo-stop"))
        server.emulator.shutdown()
        #expect(app.database.isClosed)
    }

    @Test func theDefaultAppsCustomRoutes_neverAnswerForAnIdOfThePrefix() throws {
        let server = try start(seeded: false)
        let admin = server.client(credentials: .masterKey)
        let route: JSON = ["id": "teapot", "request": ["method": "GET", "path": "/1.1/classes/Post"],
                           "response": ["status": 418, "json": ["teapot": true]]]
        #expect(try admin.post("/__admin/routes", json: route).status < 300)
        #expect(try server.client().get("/1.1/classes/Post").status == 418)
        // Before its app exists and after, the id of the prefix is answered by LeanCloud's route.
        #expect(try server.client(app: prefixed(server, "demo-routes")).get("/1.1/classes/Post").status == 200)
        #expect(try server.client(app: prefixed(server, "demo-routes")).get("/1.1/classes/Post").status == 200)
    }

    // MARK: - Helpers

    private func start(tier: Tier = .inProcess, seeded: Bool = false,
                       configure: (inout EmulatorConfiguration) -> Void = { _ in }) throws -> TestServer {
        try TestServer.start(tier, seeded: seeded) { configuration in
            configuration.appsOnDemandPrefix = "demo-"
            configure(&configuration)
        }
    }

    /// The template's keys under another id: what a client of the prefix sends.
    private func prefixed(_ server: TestServer, _ id: String) -> AppConfiguration {
        AppConfiguration(appId: id, appKey: server.app.appKey, masterKey: server.app.masterKey)
    }

    private func count(_ server: TestServer, _ appId: String) throws -> Int64 {
        let app = try #require(server.emulator.app(appId))
        return try app.database.read { db in try db.scalar("SELECT count(*) FROM objects")?.int64Value ?? -1 }
    }
}
