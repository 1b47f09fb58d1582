import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// One route order for files and the admin API (docs/custom-backends.md, "Route order"): by
/// `priority`, then files in file-name order and position, then API routes in the order added;
/// `PUT` keeps a route's place.
@Suite struct RouteOrderTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    static func route(_ id: String, _ path: String, priority: Int? = nil) -> JSON {
        var route: JSONObject = ["id": .string(id), "request": ["path": .string(path)], "response": ["json": ["from": .string(id)]]]
        if let priority { route["priority"] = JSON(priority) }
        return .object(route)
    }

    func start() throws -> (TestServer, admin: TestClient, device: TestClient) {
        try directory.write("a.json", #"[{"id":"file-a","request":{"path":"/same"},"response":{"json":{"from":"file-a"}}}]"#)
        try directory.write("b.json", #"[{"id":"file-b","request":{"path":"/same"},"response":{"json":{"from":"file-b"}}}]"#)
        let emulator = try TestServer.start { $0.routesPath = directory.path }
        return (emulator, emulator.inProcessClient(credentials: .masterKey), emulator.inProcessClient(credentials: .none))
    }

    @Test func aFileRoute_answersBeforeAnAPIRouteOfTheSamePriority_andFilesGoInNameOrder() throws {
        let (server, admin, device) = try start()
        defer { withExtendedLifetime(server) {} }
        #expect(try admin.post("/__admin/routes", json: Self.route("api", "/same")).status == 201)
        #expect(try device.get("/same").json?["from"] == "file-a")
        let listed = try admin.get("/__admin/routes").json?["results"]?.arrayValue ?? []
        #expect(listed.map { $0["id"] } == ["file-a", "file-b", "api"])
        #expect(listed.map { $0["priority"] } == [5, 5, 5])
    }

    @Test func anAPIRouteWithPriority1_overridesTheFiles() throws {
        let (server, admin, device) = try start()
        defer { withExtendedLifetime(server) {} }
        _ = try admin.post("/__admin/routes", json: Self.route("override", "/same", priority: 1))
        #expect(try device.get("/same").json?["from"] == "override")
        // A later route gives priority 10: tried last, even after the files.
        _ = try admin.post("/__admin/routes", json: Self.route("last", "/other", priority: 10))
        _ = try admin.post("/__admin/routes", json: Self.route("middle", "/other"))
        #expect(try device.get("/other").json?["from"] == "middle")
    }

    @Test func twoAPIRoutes_theFirstAddedAnswers() throws {
        let emulator = try TestServer.start()
        let admin = emulator.inProcessClient(credentials: .masterKey)
        _ = try admin.post("/__admin/routes", json: Self.route("first", "/p"))
        _ = try admin.post("/__admin/routes", json: Self.route("second", "/p"))
        #expect(try emulator.inProcessClient(credentials: .none).get("/p").json?["from"] == "first")
    }

    @Test func put_keepsTheRoutesPosition() throws {
        let emulator = try TestServer.start()
        let admin = emulator.inProcessClient(credentials: .masterKey)
        _ = try admin.post("/__admin/routes", json: Self.route("first", "/p"))
        _ = try admin.post("/__admin/routes", json: Self.route("second", "/p"))
        #expect(try admin.put("/__admin/routes/first", json: Self.route("first", "/p")).status == 200)
        #expect(try emulator.inProcessClient(credentials: .none).get("/p").json?["from"] == "first")
        let listed = try admin.get("/__admin/routes").json?["results"]?.arrayValue ?? []
        #expect(listed.map { $0["id"] } == ["first", "second"])
    }

    @Test func aReload_keepsTheAPIRoutesAfterTheFiles() throws {
        let (server, admin, device) = try start()
        defer { withExtendedLifetime(server) {} }
        _ = try admin.post("/__admin/routes", json: Self.route("api", "/api-only"))
        let reloaded = try admin.post("/__admin/routes/reload")
        #expect(reloaded.status == 200, "\(reloaded.text)")
        let listed = try admin.get("/__admin/routes").json?["results"]?.arrayValue ?? []
        #expect(listed.map { $0["id"] } == ["file-a", "file-b", "api"])
        #expect(try device.get("/api-only").json?["from"] == "api")
    }

    @Test(arguments: [0, 11]) func aPriorityOutOfRange_isRefused_namingTheField(priority: Int) throws {
        let emulator = try TestServer.start()
        let refused = try emulator.inProcessClient(credentials: .masterKey).post("/__admin/routes", json: Self.route("x", "/x", priority: priority))
        #expect(refused.status == 400)
        #expect(refused.json?["error"]?.stringValue?.contains("route 'x': priority:") == true)
    }
}
