import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuTesting
import LCWire
import Testing

/// `/__admin/faults` on every route: custom stubs and resources take a fault as LeanCloud's
/// routes do; a fault with a body may answer a success status (a business error); a fault's
/// path may be a route template.
@Suite struct FaultsOnEveryRouteTests {
    let emulator: TestServer
    let admin: TestClient
    /// A client of the custom back end: no LeanCloud keys at all.
    let device: TestClient

    static let summary: JSON = [
        "id": "summary",
        "request": ["method": "GET", "path": "/merchant/feedback/summary"],
        "response": ["status": 200, "json": ["code": "0", "msg": "成功", "data": ["unread": 2]]],
    ]
    static let reply: JSON = [
        "id": "reply",
        "request": ["method": "POST", "path": "/merchant/feedback/:id/reply"],
        "response": ["status": 200, "json": ["code": "0", "msg": "成功", "data": ["id": "{{request.path.id}}"]]],
    ]
    static let news: JSON = [
        "id": "news",
        "resource": ["path": "/merchant/news", "class": "News", "envelope": ["code": "0", "data": "{{result}}"]],
    ]

    init() throws {
        emulator = try TestServer.start()
        admin = emulator.inProcessClient(credentials: .masterKey)
        device = emulator.inProcessClient(credentials: .none)
        for route in [Self.summary, Self.reply, Self.news] {
            #expect(try admin.post("/__admin/routes", json: route).status == 201)
        }
    }

    func fault(_ json: JSON) throws -> TestClient.Response { try admin.post("/__admin/faults", json: json) }
    var faultsLeft: Int { (try? admin.get("/__admin/faults").json?["results"]?.arrayValue?.count) ?? -1 }

    @Test func a503_onAStubRoute_answersInsteadOfTheRoute_once() throws {
        #expect(try fault(["path": "/merchant/feedback/summary", "status": 503]).status == 200)
        let failed = try device.get("/merchant/feedback/summary")
        #expect(failed.status == 503)
        #expect(failed.text == #"{"code":503,"error":"Service Unavailable."}"#)
        #expect(faultsLeft == 0)
        #expect(try device.get("/merchant/feedback/summary").json?["code"] == "0")
    }

    @Test func a503_onAResource_answersInsteadOfTheStore() throws {
        _ = try fault(["path": "/merchant/news*", "method": "GET", "status": 503])
        #expect(try device.get("/merchant/news?limit=5").status == 503)
        let list = try device.get("/merchant/news?limit=5")
        #expect(list.status == 200 && list.json?["code"] == "0")
    }

    @Test func timesTwo_isTakenTwice_thenTheRouteAnswers() throws {
        _ = try fault(["path": "/merchant/feedback/summary", "status": 500, "times": 2])
        #expect(try device.get("/merchant/feedback/summary").status == 500)
        #expect(faultsLeft == 1)
        #expect(try device.get("/merchant/feedback/summary").status == 500)
        #expect(faultsLeft == 0)
        let answered = try device.get("/merchant/feedback/summary")
        #expect(answered.status == 200 && answered.json?["data"]?["unread"] == 2)
    }

    @Test func aDelay_onACustomRoute_runsTheRouteAfterIt() throws {
        _ = try fault(["path": "/merchant/feedback/summary", "delayMs": 30])
        let answered = try device.get("/merchant/feedback/summary")
        #expect(answered.status == 200 && answered.json?["data"]?["unread"] == 2)
        #expect(faultsLeft == 0)
        // The route answered it, after the fault: the journal names the route.
        let record = try #require(try admin.get("/__admin/requests?path=/merchant/feedback/summary").json?["results"]?[0])
        #expect(record["route"] == "summary" && record["status"] == 200)
    }

    @Test func aDelay_onARouteMatchedByRegex_runsTheRouteAfterIt() throws {
        _ = try admin.post("/__admin/routes", json: ["id": "devices", "request": [
            "method": "GET", "path": "/merchant/devices", "headers": ["uuid": ["matches": "^device-[0-9]+$"]]],
            "response": ["json": ["code": "0", "data": "{{request.headers.uuid}}"]]])
        _ = try fault(["path": "/merchant/devices", "delayMs": 20, "times": 2])
        #expect(try device.get("/merchant/devices", headers: ["uuid": "device-7"]).json?["data"] == "device-7")
        #expect(try device.get("/merchant/devices", headers: ["uuid": "tablet"]).status == 404)  // the fault delays the 404 too
        #expect(faultsLeft == 0)
    }

    @Test func aBusinessError_isA200_withTheBodyGiven() throws {
        let added = try fault(["path": "/merchant/feedback/summary", "status": 200, "body": ["code": "1", "msg": "失败"]])
        #expect(added.json?["status"] == 200 && added.json?["body"]?["msg"] == "失败")
        let failed = try device.get("/merchant/feedback/summary")
        #expect(failed.status == 200)
        #expect(failed.json == ["code": "1", "msg": "失败"])
        #expect(try device.get("/merchant/feedback/summary").json?["code"] == "0")
    }

    @Test func aTemplatePath_matchesEveryId_butNoOtherPath() throws {
        _ = try fault(["path": "/merchant/feedback/:id/reply", "method": "POST", "status": 200,
                       "body": ["code": "1", "msg": "失败"], "times": 0])
        #expect(try device.post("/merchant/feedback/7/reply").json?["code"] == "1")
        #expect(try device.post("/merchant/feedback/abc/reply").json?["code"] == "1")
        #expect(try device.get("/merchant/feedback/summary").json?["code"] == "0")
        #expect(try device.get("/merchant/feedback/7/reply").status == 404)  // GET: not the method, no route
        #expect(faultsLeft == 1)
    }

    @Test func aFault_onAnAppWithCustomRoutes_stillFailsItsLeanCloudRoutes_once() throws {
        let client = emulator.inProcessClient()
        _ = try fault(["path": "/1.1/date", "status": 503])
        #expect(try client.get("/1.1/date").status == 503)
        #expect(try client.get("/1.1/date").status == 200)
    }

    @Test(arguments: [
        #"{"path":"/a","status":200}"#, #"{"path":"/a","status":199,"body":{}}"#, #"{"path":"/a","status":600,"body":{}}"#,
        #"{"path":"/a/:/b","status":500}"#, #"{"path":"/a/:id/:id","status":500}"#, #"{"path":"/a/*rest/b","status":500}"#,
    ])
    func aSuccessWithoutABody_orABadTemplate_isRefused(body: String) throws {
        let response = try admin.send("POST", "/__admin/faults", body: Array(body.utf8), headers: ["Content-Type": "application/json"])
        #expect(response.status == 400)
        #expect(response.json?["code"] == 1)
        #expect(faultsLeft == 0)
    }

    /// Over a socket, as an app would meet it.
    @Test func overASocket_aResourceItem_takesItsFault() throws {
        let socket = emulator.client(credentials: .none)
        let created = try admin.post("/1.1/classes/News", json: ["title": "Open"])
        let id = try #require(created.json?["objectId"]?.stringValue)
        _ = try fault(["path": "/merchant/news/:id", "status": 502])
        #expect(try socket.get("/merchant/news/\(id)").status == 502)
        let item = try socket.get("/merchant/news/\(id)")
        #expect(item.status == 200 && item.text.contains("Open"))
    }
}
