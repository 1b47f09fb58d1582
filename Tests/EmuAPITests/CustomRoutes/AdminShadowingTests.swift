import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// `/__admin` (the admin API and the dashboard) is never a custom route's, in any spelling: no
/// route is defined on it, and no route answers a request for it, however the path is written.
@Suite struct AdminShadowingTests {
    let emulator: TestServer
    let admin: TestClient

    init() throws {
        emulator = try TestServer.start()
        admin = emulator.inProcessClient(credentials: .masterKey)
    }

    @Test(arguments: ["//__admin/clock", "/__ADMIN/clock", "/%5F_admin/clock", "/%5f%5FADMIN", "/x/../__admin/clock",
                      "/./__admin/ui", #"/\__admin/clock"#, "/__admin//routes"])
    func aRouteOnTheAdminPath_inAnySpelling_isRefused(path: String) throws {
        for definition: JSON in [["request": ["path": .string(path)]], ["resource": ["path": .string(path), "class": "F"]]] {
            let refused = try admin.post("/__admin/routes", json: definition)
            #expect(refused.status == 400 && refused.json?["code"] == 1, "\(path)")
            #expect(refused.json?["error"]?.stringValue?.contains("/__admin is the emulator's own") == true, "\(path)")
        }
        #expect(try admin.get("/__admin/routes").json?["results"]?.arrayValue?.isEmpty == true)
    }

    @Test func dotSegments_areRefused_asNoClientSendsThem() throws {
        let refused = try admin.post("/__admin/routes", json: ["request": ["path": "/a/../b"]])
        #expect(refused.json?["error"]?.stringValue?.contains("no '.' or '..' segments") == true)
    }

    /// Catch-all routes fit every path: none of them may answer an admin path, and the admin's
    /// own checks (the master key) still apply to the spellings the router takes as admin paths.
    @Test(arguments: ["//__admin/clock", "/%2F__admin/clock", "/%5F_admin/clock", "/__ADMIN/clock", "/x/../__admin/clock",
                      "//__admin/ui/", "/__admin%2Fclock"])
    func noCustomRoute_answersARequestForAnAdminPath(target: String) throws {
        _ = try admin.post("/__admin/routes", json: ["id": "all", "request": ["path": "/*rest"], "response": ["json": ["mocked": true]]])
        _ = try admin.post("/__admin/routes", json: ["id": "two", "request": ["path": "/:a/:b"], "response": ["json": ["mocked": true]]])
        let anonymous = try emulator.client(credentials: .none).get(target)
        #expect(anonymous.json?["mocked"] == nil, "\(target): \(anonymous.text)")
        #expect(try emulator.client(credentials: .none).get("/some/where").json?["mocked"] == true)
    }

    @Test func theDoubledSlashSpelling_stillNeedsTheMasterKey_andReachesTheRealRoute() throws {
        _ = try admin.post("/__admin/routes", json: ["id": "all", "request": ["path": "/*rest"], "response": ["json": ["mocked": true]]])
        #expect(try emulator.client(credentials: .none).get("//__admin/clock").status == 401)
        let real = try emulator.client(credentials: .masterKey).get("//__admin/clock")
        #expect(real.status == 200 && real.json?["mocked"] == nil)
    }
}
