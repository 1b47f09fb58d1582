import EmuTestSupport
import Dispatch
import Foundation
import EmuAPI
import EmuHTTP
import EmuTesting
import LCWire
import Testing

/// Stub routes added over `/__admin/routes`: matching (method, path, headers, query, body as
/// JSON or form), templates, status, headers, content type, and delays that hold no worker.
@Suite struct StubRouteTests {
    let emulator: TestServer
    let admin: TestClient
    /// A client of the custom back end: no LeanCloud keys at all.
    let device: TestClient

    static let login: JSON = [
        "id": "login",
        "request": ["method": "POST", "path": "/app/login",
                    "headers": ["uuid": ["present": true]],
                    "body": ["username": ["matches": "^1[3-9][0-9]{9}$"], "tick": ["present": true]]],
        "response": ["status": 200,
                     "json": ["code": "0", "msg": "成功", "data": ["username": "{{request.body.username}}"]],
                     "headers": ["X-Trace": "{{request.headers.uuid}}"], "delayMs": 0],
    ]

    init() throws {
        emulator = try TestServer.start()
        admin = emulator.inProcessClient(credentials: .masterKey)
        device = emulator.inProcessClient(credentials: .none)
    }

    func form(_ path: String, _ body: String, headers: HTTPHeaders = [:]) throws -> TestClient.Response {
        var all = headers
        all.set("Content-Type", "application/x-www-form-urlencoded")
        return try device.send("POST", path, body: Array(body.utf8), headers: all)
    }

    @Test func theIssuesLogIn_answersAFormPost_withTheTemplatesFilledIn() throws {
        #expect(try admin.post("/__admin/routes", json: Self.login).status == 201)
        let response = try form("/app/login", "tick=1732400000000&username=13812345678&password=secret1", headers: ["uuid": "device-1"])
        #expect(response.status == 200)
        #expect(response.text == #"{"code":"0","msg":"成功","data":{"username":"13812345678"}}"#)
        #expect(response.headers["X-Trace"] == "device-1")
        #expect(response.headers["Content-Type"]?.hasPrefix("application/json") == true)
    }

    @Test func aJSONBody_matchesLikeAForm() throws {
        _ = try admin.post("/__admin/routes", json: Self.login)
        let response = try device.post("/app/login", json: ["tick": 1, "username": "13812345678"], headers: ["uuid": "d"])
        #expect(response.json?["data"]?["username"] == "13812345678")
    }

    @Test func aRequestThatDiffers_getsTheNearMissReport() throws {
        _ = try admin.post("/__admin/routes", json: Self.login)
        let response = try form("/app/login", "tick=1&username=12345", headers: [:])
        #expect(response.status == 404)
        #expect(response.json?["code"] == 404)
        let miss = try #require(response.json?["nearMisses"]?[0])
        #expect(miss["route"] == "login")
        let differences = miss["differences"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(differences.contains("headers.uuid: missing"))
        #expect(differences.contains { $0.hasPrefix("body.username: \"12345\" does not match") })
        // A LeanCloud route still answers as before.
        #expect(try emulator.inProcessClient().get("/1.1/date").status == 200)
    }

    @Test func aNearMiss_masksTheValuesOfSecretFields() throws {
        _ = try admin.post("/__admin/routes", json: ["id": "pw", "request": ["path": "/pw", "body": ["password": ["matches": "^.{6,}$"]]]])
        let response = try form("/pw", "password=abc")
        #expect(response.json?["nearMisses"]?[0]?["differences"] == ["body.password: …redacted… does not match"])
        #expect(!response.text.contains("abc"))
        // The master key also sees the route's pattern, never the caller's secret value.
        let master = try admin.send("POST", "/pw", body: Array("password=abc".utf8), headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(master.json?["nearMisses"]?[0]?["differences"] == ["body.password: …redacted… does not match ^.{6,}$"])
        #expect(!master.text.contains("abc"))
    }

    @Test func pathCaptures_queryMatchers_counter_andTextBodies() throws {
        _ = try admin.post("/__admin/routes", json: [
            "id": "news", "request": ["method": "GET", "path": "/news/:id", "query": ["lang": "zh"]],
            "response": ["status": 202, "body": "news {{request.path.id}} #{{counter}} in {{request.query.lang}}",
                         "contentType": "text/x-news"],
        ])
        let first = try device.get("/news/42?lang=zh")
        #expect(first.status == 202 && first.text == "news 42 #1 in zh")
        #expect(first.headers["Content-Type"] == "text/x-news")
        #expect(try device.get("/news/42?lang=zh").text == "news 42 #2 in zh")
        #expect(try device.get("/news/42?lang=en").status == 404)
    }

    @Test func aWholePlaceholder_insertsJSON_andNowFollowsTheEmulatorClock() throws {
        _ = try admin.post("/__admin/routes", json: [
            "id": "echo", "request": ["method": "POST", "path": "/echo"],
            "response": ["json": ["got": "{{request.body}}", "n": "{{counter}}", "at": "{{now}}", "id": "{{randomId}}"]],
        ])
        emulator.emulator.clock.set(milliseconds: 1_700_000_000_000)
        let response = try device.post("/echo", json: ["a": [1, 2]])
        #expect(response.json?["got"] == ["a": [1, 2]])
        #expect(response.json?["n"] == 1)
        #expect(response.json?["at"] == "2023-11-14T22:13:20.000Z")
        #expect(response.json?["id"]?.stringValue.map(LCObjectId.isValid) == true)
    }

    @Test func aDelay_holdsTheAnswer_butNoWorker() throws {
        _ = try admin.post("/__admin/routes", json: ["id": "slow", "request": ["path": "/slow"], "response": ["delayMs": 150, "json": ["ok": true]]])
        let started = DispatchTime.now().uptimeNanoseconds
        let live = emulator.client(credentials: .none)
        let slow = DispatchGroup()
        // Threads of their own: blocking Dispatch's few global threads would starve its timers.
        for _ in 0..<4 {  // more delayed requests than workers: timers, not threads, hold them
            slow.enter()
            Thread { _ = try? live.get("/slow"); slow.leave() }.start()
        }
        #expect(try emulator.inProcessClient().get("/1.1/date").status == 200)
        slow.wait()
        #expect(DispatchTime.now().uptimeNanoseconds - started >= 150_000_000)
    }

    @Test func theAdminRoutes_areNeverShadowed_butLeanCloudRoutesMayBe() throws {
        let refused = try admin.post("/__admin/routes", json: ["request": ["path": "/__admin/reset"]])
        #expect(refused.status == 400)
        #expect(refused.json?["error"]?.stringValue?.contains("request.path: /__admin is the emulator's own") == true)
        _ = try admin.post("/__admin/routes", json: ["id": "date", "request": ["method": "GET", "path": "/1.1/date"], "response": ["json": ["mocked": true]]])
        #expect(try device.get("/1.1/date").json?["mocked"] == true)
    }
}
