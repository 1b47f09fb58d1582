import EmuTestSupport
import EmuAPI
import LCWire
import Testing

/// `_Installation` writes: the upsert of `POST /1.1/installations` and its rules (docs/push.md).
@Suite struct InstallationAPITests {
    let emulator: TestServer
    let client: TestClient

    init() throws {
        emulator = try TestServer.start()
        client = emulator.inProcessClient()
    }

    private var master: TestClient { emulator.inProcessClient(credentials: .masterKey) }

    private func installations() throws -> [JSON] {
        try master.get("/1.1/installations").json?["results"]?.arrayValue ?? []
    }

    @Test func iosSave_creates_thenTheSameTokenUpdatesTheSameInstallation() throws {
        let token = "abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789"
        let created = try client.post("/1.1/installations", json: [
            "deviceType": "ios", "deviceToken": .string(token), "channels": ["public", "protected"], "timeZone": "Asia/Shanghai",
        ])
        #expect(created.status == 201)
        let id = try #require(created.json?["objectId"]?.stringValue)
        #expect(created.json?["createdAt"]?.stringValue != nil)
        #expect(created.json?["updatedAt"] == nil)
        #expect(created.headers["Location"]?.hasSuffix("/1.1/installations/\(id)") == true)

        let again = try client.post("/1.1/classes/_Installation", json: ["deviceType": "ios", "deviceToken": .string(token),
                                                                          "channels": ["private"], "badge": 3])
        #expect(again.status == 200)
        #expect(again.json?["objectId"] == .string(id))
        #expect(again.json?["createdAt"] == created.json?["createdAt"])
        #expect(again.json?["updatedAt"]?.stringValue != nil)
        let stored = try client.get("/1.1/installations/\(id)").json
        #expect(stored?["channels"] == ["private"])
        #expect(stored?["badge"] == 3)
        #expect(stored?["timeZone"] == "Asia/Shanghai")
        #expect(try installations().count == 1)
    }

    @Test func androidSave_upsertsByInstallationId() throws {
        let body: JSON = ["deviceType": "android", "installationId": "12345678-4312-1234-1234-1234567890ab", "channels": [""]]
        let first = try client.post("/1.1/installations", json: body)
        let second = try client.post("/1.1/installations?fetchWhenSave=true", json: body)
        #expect(first.status == 201 && second.status == 200)
        #expect(second.json?["objectId"] == first.json?["objectId"])
        #expect(second.json?["installationId"] == "12345678-4312-1234-1234-1234567890ab")
        #expect(try installations().count == 1)
    }

    @Test func updates_queries_andDeletes_areTheObjectRoutes() throws {
        let id = try #require(try client.post("/1.1/installations", json: [
            "deviceType": "android", "installationId": "device-1", "channels": ["news"],
        ]).json?["objectId"]?.stringValue)
        let subscribe = try client.put("/1.1/installations/\(id)", json: ["channels": ["__op": "AddUnique", "objects": ["sports"]]])
        #expect(subscribe.status == 200)
        let found = try master.get("/1.1/installations?where=\(encoded(#"{"channels":"sports"}"#))").json?["results"]?.arrayValue
        #expect(found?.count == 1 && found?.first?["channels"] == ["news", "sports"])
        #expect(try client.delete("/1.1/installations/\(id)").status == 200)
        #expect(try installations().isEmpty)
    }

    @Test func brokenRules_areRefusedWithLeanCloudsCodes() throws {
        let cases: [(JSON, Int)] = [
            (["deviceToken": "abc"], 1),                                   // no deviceType
            (["deviceType": "symbian", "installationId": "x"], 1),         // unknown platform
            (["deviceType": "ios"], 114),                                  // iOS without a token
            (["deviceType": "ios", "deviceToken": 5], 114),
            (["deviceType": "ios", "deviceToken": ""], 114),
            (["deviceType": "android"], 1),                                // no installationId
            (["deviceType": "android", "installationId": "x", "channels": ["a b"]], 112),
            (["deviceType": "android", "installationId": "x", "channels": "news"], 111),
        ]
        for (body, code) in cases {
            let response = try client.post("/1.1/installations", json: body)
            #expect(response.status == 400, "\(body)")
            #expect(response.json?["code"] == JSON(code), "\(body)")
        }
        #expect(try installations().isEmpty)
        let id = try #require(try client.post("/1.1/installations", json: [
            "deviceType": "android", "installationId": "x", "channels": ["频道", "a_b=c,d-e"],
        ]).json?["objectId"]?.stringValue)
        let bad = try client.put("/1.1/installations/\(id)", json: ["channels": ["__op": "AddUnique", "objects": ["no/slash"]]])
        #expect(bad.json?["code"] == 112)
        #expect(try client.put("/1.1/installations/\(id)", json: ["deviceType": "palm"]).json?["code"] == 1)
    }

    @Test func batchCreates_upsertToo() throws {
        let request: JSON = ["method": "POST", "path": "/1.1/installations",
                             "body": ["deviceType": "ios", "deviceToken": "batch-token"]]
        #expect(try client.post("/1.1/batch", json: ["requests": [request]]).status == 200)
        #expect(try client.post("/1.1/batch", json: ["requests": [request]]).status == 200)
        #expect(try installations().count == 1)
    }
}
