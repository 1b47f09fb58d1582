import EmuTestSupport
import Dispatch
import EmuAPI
import EmuTesting
import Foundation
import LCWire
import EmuHTTP
import Testing

/// `--routes`: files and folders loaded at start-up, reloaded when they change or when asked,
/// and a broken file that stops the start or, later, keeps the routes in place.
@Suite struct RouteFileTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    func start(_ path: String) throws -> TestServer {
        try TestServer.start { $0.routesPath = path }
    }

    @Test func aFolder_loadsEveryJSONFile_withBodyFilesBesideThem() throws {
        try directory.write("a.json", #"[{"id":"hello","request":{"path":"/hello"},"response":{"bodyFile":"hello.txt"}}]"#)
        try directory.write("b.json", #"{"routes":[{"request":{"method":"GET","path":"/b"},"response":{"json":{"b":true}}}]}"#)
        try directory.write("c.json", #"{"request":{"path":"/c"},"response":{"status":204}}"#)
        try directory.write("hello.txt", "hi there")
        let emulator = try start(directory.path)
        let device = emulator.inProcessClient(credentials: .none)
        #expect(try device.get("/hello").text == "hi there")
        #expect(try device.get("/b").json?["b"] == true)
        let listed = try emulator.inProcessClient(credentials: .masterKey).get("/__admin/routes").json?["results"]?.arrayValue ?? []
        #expect(try device.get("/c").status == 204)
        #expect(listed.map { $0["id"] } == ["hello", "b-1", "c-1"])
        #expect(listed.map { $0["source"] } == ["a.json", "b.json", "c.json"].map { .string(directory.path($0)) })
    }

    @Test func aBrokenFile_stopsTheStart_namingFileRouteAndField() throws {
        let file = try directory.write("routes.json", #"[{"id":"login","request":{"path":"/l","body":{"u":{"matches":"("}}}}]"#)
        #expect {
            _ = try start(file)
        } throws: { error in
            "\(error)" == "route file \(file): route 'login': request.body.u.matches: regex '(' does not compile"
        }
        let duplicate = try directory.write("twice.json", #"[{"id":"a","request":{"path":"/a"}},{"id":"a","request":{"path":"/b"}}]"#)
        #expect(throws: RouteFileError.self) { _ = try start(duplicate) }
    }

    @Test func aChangedFile_isReloaded_andABrokenOne_keepsTheOldRoutes() throws {
        let file = try directory.write("routes.json", #"[{"id":"v","request":{"path":"/v"},"response":{"json":{"v":1}}}]"#)
        let emulator = try start(file)
        let device = emulator.inProcessClient(credentials: .none)
        #expect(try device.get("/v").json?["v"] == 1)
        try directory.write("routes.json", #"[{"id":"v","request":{"path":"/v"},"response":{"json":{"v":2}}}]"#)
        #expect(try eventually { try device.get("/v").json?["v"] == 2 })
        try directory.write("routes.json", #"[{"id":"v","request":{"path":"/v"},"response":{"json":{"v":3"#)
        let admin = emulator.inProcessClient(credentials: .masterKey)
        let refused = try admin.post("/__admin/routes/reload")
        #expect(refused.status == 400)
        #expect(refused.json?["error"]?.stringValue?.contains("route file \(file): not valid JSON") == true)
        #expect(try device.get("/v").json?["v"] == 2)
    }

    @Test func reset_restoresTheLoadedSet_andReloadKeepsRoutesAddedOverHTTP() throws {
        let file = try directory.write("routes.json", #"[{"id":"f","request":{"path":"/f"}}]"#)
        let emulator = try start(file)
        let admin = emulator.inProcessClient(credentials: .masterKey)
        _ = try admin.post("/__admin/routes", json: ["id": "extra", "request": ["path": "/x"]])
        _ = try admin.delete("/__admin/routes/f")
        #expect(try admin.post("/__admin/routes/reload").json?["routes"] == 1)
        #expect(try admin.get("/__admin/routes").json?["results"]?.arrayValue?.count == 2)
        _ = try admin.post("/__admin/reset")
        #expect(try admin.get("/__admin/routes").json?["results"]?.arrayValue?.map { $0["id"] } == ["f"])
    }
}

/// The config file's per-app `routes`, read from the config file's folder.
@Suite struct ConfigFileRouteTests {
    @Test func eachAppOfTheConfigFile_mayHaveItsOwnRoutes_pickedByXLCId() throws {
        let directory = try TemporaryDirectory()
        try directory.write("shop.json", #"[{"id":"shop","request":{"path":"/hello"},"response":{"json":{"app":"shop"}}}]"#)
        let config = try directory.write("apps.json", """
            {"apps": [{"appId": "blog", "appKey": "blog-key", "masterKey": "blog-master"},
                      {"appId": "shop", "appKey": "shop-key", "masterKey": "shop-master", "routes": "shop.json"}]}
            """)
        let apps = try ConfigFile.load(path: config)
        #expect(apps[1].routesPath == directory.path("shop.json"))
        let emulator = try TestServer.start { $0.apps = apps }
        let device = emulator.inProcessClient(credentials: .none)
        #expect(try device.get("/hello", headers: ["X-LC-Id": "shop"]).json?["app"] == "shop")
        #expect(try device.get("/hello").status == 404)
        #expect(throws: ConfigurationError.self) { try ConfigFile.parse(Array(#"{"apps":[{"appId":"a","appKey":"k","masterKey":"m","routes":1}]}"#.utf8)) }
    }
}
