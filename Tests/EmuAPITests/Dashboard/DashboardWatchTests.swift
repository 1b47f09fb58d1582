import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuTesting
import LCWire
import Testing

/// Watching changes nothing: the dashboard's calls (its marker beside the master key) are not
/// journaled, meet no fault and no custom route; the marker alone counts for nothing
/// (docs/dashboard.md, "Watching changes nothing").
@Suite struct DashboardWatchTests {
    static let marker: HTTPHeaders = ["X-LCEmu-Dashboard": "1"]

    /// What the page does when it opens its views: data, users, outbox, journal, time, routes.
    static func watchEveryView(_ dashboard: TestClient) throws {
        for path in ["/1.1/schemas", "/1.1/classes/Post?count=1&limit=0", "/1.1/classes/Post?limit=20&order=-createdAt",
                     "/1.1/users?limit=50", "/__admin/user-states", "/__admin/outbox", "/__admin/requests?limit=200",
                     "/__admin/clock", "/__admin/faults", "/__admin/functions", "/__admin/function-calls",
                     "/__admin/snapshots", "/__admin/routes", "/__admin/scenarios", "/__admin/status"] {
            let answer = try dashboard.get(path, headers: marker)
            #expect(answer.status == 200, "\(path): \(answer.text)")
        }
    }

    @Test(arguments: Tier.inProcessAndSocket)
    func theJournal_staysExactlyAsTheAppLeftIt(tier: Tier) throws {
        let emulator = try TestServer.start(tier, seeded: true)
        let app = emulator.client(tier)
        let dashboard = emulator.client(tier, credentials: .masterKey)
        _ = try app.get("/1.1/classes/Post?limit=1")
        _ = try app.get("/1.1/classes/Nope/abc")
        let before = try dashboard.get("/__admin/requests", headers: Self.marker).text
        try Self.watchEveryView(dashboard)
        _ = try dashboard.get("/__admin/ui/", headers: [:])
        _ = try dashboard.get("/__admin/ui/app.js", headers: [:])
        #expect(try dashboard.get("/__admin/requests", headers: Self.marker).text == before)
        // The app's next request is listed right after its last one.
        _ = try app.get("/1.1/date")
        let entries = try #require(try dashboard.get("/__admin/requests", headers: Self.marker).json?["results"]?.arrayValue)
        #expect(entries.map { $0["path"] } == ["/1.1/date", "/1.1/classes/Nope/abc", "/1.1/classes/Post"])
    }

    @Test(arguments: Tier.inProcessAndSocket)
    func aTimesTwoFault_isStillThere_withTwoUses_afterTheDashboardLooked(tier: Tier) throws {
        let emulator = try TestServer.start(tier, seeded: true)
        let app = emulator.client(tier)
        let dashboard = emulator.client(tier, credentials: .masterKey)
        #expect(try dashboard.post("/__admin/faults", json: ["path": "/1.1/classes/Post*", "status": 503, "times": 2]).status == 200)
        try Self.watchEveryView(dashboard)
        #expect(try dashboard.put("/1.1/classes/Post/nope", json: ["a": 1], headers: Self.marker).status == 404)
        let faults = try #require(try dashboard.get("/__admin/faults", headers: Self.marker).json?["results"]?.arrayValue)
        #expect(faults.count == 1 && faults.first?["times"] == 2)
        // The app meets both uses.
        #expect(try app.get("/1.1/classes/Post").status == 503)
        #expect(try app.get("/1.1/classes/Post").status == 503)
        #expect(try app.get("/1.1/classes/Post").status == 200)
    }

    @Test func theMarker_withTheAppKey_orAWrongMasterKey_dodgesNothing() throws {
        let emulator = try TestServer.start(.inProcess, seeded: true)
        let admin = emulator.inProcessClient(credentials: .masterKey)
        _ = try admin.post("/__admin/faults", json: ["path": "/1.1/classes/Post*", "status": 503, "times": 0])
        let marked = emulator.inProcessClient()
        #expect(try marked.get("/1.1/classes/Post", headers: Self.marker).status == 503)
        let wrongKey = TestClient(transport: .inProcess(emulator.emulator), app: emulator.app, credentials: .headers([
            "X-LC-Id": emulator.app.appId, "X-LC-Key": "not-the-master-key,master", "X-LCEmu-Dashboard": "1"]))
        #expect(try wrongKey.get("/1.1/classes/Post").status == 401)
        let paths = try #require(try admin.get("/__admin/requests", headers: Self.marker).json?["results"]?.arrayValue).map { $0["path"] }
        #expect(paths.prefix(2) == ["/1.1/classes/Post", "/1.1/classes/Post"])
    }

    @Test func aCustomRoute_answersTheApp_butNeverTheDashboard_andItsScenarioStays() throws {
        let emulator = try TestServer.start(.inProcess, seeded: true)
        let admin = emulator.inProcessClient(credentials: .masterKey)
        _ = try admin.post("/__admin/routes", json: ["id": "posts", "request": ["method": "GET", "path": "/1.1/classes/Post"],
            "scenario": ["name": "s", "newState": "seen"], "response": ["json": ["mocked": true]]])
        let watched = try admin.get("/1.1/classes/Post?limit=1", headers: Self.marker)
        #expect(watched.status == 200 && watched.json?["results"]?.arrayValue?.count == 1)
        #expect(try admin.get("/__admin/scenarios", headers: Self.marker).json == ["results": [["name": "s", "state": "Started"]]])
        #expect(try emulator.inProcessClient().get("/1.1/classes/Post").json == ["mocked": true])
    }
}
