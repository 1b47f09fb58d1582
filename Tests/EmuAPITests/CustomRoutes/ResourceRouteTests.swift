import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuTesting
import LCWire
import Testing

/// Resource routes: a path mapped onto a class of the app's store, wrapped in envelopes; the
/// objects are the ordinary LeanCloud objects of `/1.1/classes`.
@Suite struct ResourceRouteTests {
    let emulator: TestServer
    let admin: TestClient
    let device: TestClient
    let leanCloud: TestClient

    static let feedback: JSON = [
        "id": "feedback",
        "resource": ["path": "/feedback", "class": "Feedback",
                     "paging": ["limit": "limit", "offset": "offset"], "order": "createdAt", "fieldTypes": ["type": "number"],
                     "envelope": ["code": "0", "msg": "成功", "data": "{{result}}", "total": "{{count}}"],
                     "errorEnvelope": ["code": "1", "msg": "{{error}}"]],
    ]

    init() throws {
        emulator = try TestServer.start()
        admin = emulator.inProcessClient(credentials: .masterKey)
        device = emulator.inProcessClient(credentials: .none)
        leanCloud = emulator.inProcessClient(credentials: .masterKey)
        #expect(try admin.post("/__admin/routes", json: Self.feedback).status == 201)
        for (index, type) in [1, 2, 1, 1].enumerated() {
            _ = try leanCloud.post("/1.1/classes/Feedback", json: ["content": .string("note \(index)"), "type": JSON(type)])
        }
    }

    @Test func theList_isPaged_andFilteredByEquality() throws {
        let page = try device.get("/feedback?limit=2&offset=1&type=1")
        #expect(page.status == 200)
        #expect(page.json?["code"] == "0" && page.json?["msg"] == "成功")
        #expect(page.json?["total"] == 3)
        #expect(page.json?["data"]?.arrayValue?.compactMap { $0["content"]?.stringValue } == ["note 2", "note 3"])
    }

    @Test func pageAndSize_areTheOtherPagingStyle() throws {
        _ = try admin.post("/__admin/routes", json: ["id": "paged", "resource": [
            "path": "/v2/feedback", "class": "Feedback", "paging": ["page": "page", "size": "size"], "order": "createdAt"]])
        let second = try device.get("/v2/feedback?page=2&size=3")
        #expect(second.json?.arrayValue?.compactMap { $0["content"]?.stringValue } == ["note 3"])
        #expect(try device.get("/v2/feedback?page=0&size=3").status == 400)
    }

    @Test func createFromAForm_fetch_update_delete_throughTheSameStore() throws {
        let created = try device.send("POST", "/feedback", body: Array("content=hello&type=2".utf8),
                                      headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(created.status == 200)
        let id = try #require(created.json?["data"]?["objectId"]?.stringValue)
        #expect(created.json?["data"]?["content"] == "hello")
        #expect(try leanCloud.get("/1.1/classes/Feedback/\(id)").json?["content"] == "hello")
        let updated = try device.put("/feedback/\(id)", json: ["content": "edited"])
        #expect(updated.json?["data"]?["content"] == "edited" && updated.json?["data"]?["type"] == 2)
        #expect(try device.get("/feedback/\(id)").json?["data"]?["content"] == "edited")
        #expect(try device.delete("/feedback/\(id)").json?["data"]?["objectId"] == .string(id))
        #expect(try leanCloud.get("/1.1/classes/Feedback/\(id)").json == [:])
    }

    @Test func anUnknownId_getsTheErrorEnvelope_with404() throws {
        for response in [try device.get("/feedback/5f0000000000000000000000"), try device.get("/feedback/nope"),
                         try device.put("/feedback/5f0000000000000000000000", json: ["a": 1]),
                         try device.delete("/feedback/5f0000000000000000000000")] {
            #expect(response.status == 404)
            #expect(response.json?["code"] == "1")
            #expect(response.json?["msg"]?.stringValue?.contains("not found") == true)
        }
    }

    @Test func formText_withoutFieldTypes_takesTheNumberColumnsType_orIsLeanCloudsTypeError() throws {
        _ = try admin.post("/__admin/routes", json: ["id": "raw", "resource": ["path": "/raw", "class": "Feedback"]])
        let headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        let stored = try device.send("POST", "/raw", body: Array("type=2".utf8), headers: headers)
        #expect(stored.status == 200 && stored.json?["type"] == 2)
        let refused = try device.send("POST", "/raw", body: Array("type=two".utf8), headers: headers)
        #expect(refused.status == 400 && refused.json?["code"] == 111)
    }

    @Test func badInput_getsTheErrorEnvelope_with400() throws {
        let badPaging = try device.get("/feedback?limit=x")
        #expect(badPaging.status == 400 && badPaging.json?["code"] == "1")
        let notAnObject = try device.post("/feedback", json: [1, 2])
        #expect(notAnObject.status == 400 && notAnObject.json?["msg"] == "the body must be a JSON object or a form")
        let badField = try device.post("/feedback", json: ["bad name": 1])
        #expect(badField.status == 400 && badField.json?["code"] == "1")
    }

    @Test func aSnapshot_keepsWhatAResourceWrote() throws {
        let created = try device.post("/feedback", json: ["content": "kept", "type": 3])
        let id = try #require(created.json?["data"]?["objectId"]?.stringValue)
        #expect(try admin.put("/__admin/snapshots/fixture", json: [:]).status == 200)
        _ = try device.delete("/feedback/\(id)")
        #expect(try device.get("/feedback/\(id)").status == 404)
        #expect(try admin.post("/__admin/snapshots/fixture/restore").status == 200)
        #expect(try device.get("/feedback/\(id)").json?["data"]?["content"] == "kept")
    }

    @Test func resetRestoresTheLoadedRoutes_andTheStore() throws {
        #expect(try admin.post("/__admin/reset").status == 200)
        #expect(try admin.get("/__admin/routes").json?["results"]?.arrayValue?.isEmpty == true)
        #expect(try device.get("/feedback").status == 404)
    }
}
