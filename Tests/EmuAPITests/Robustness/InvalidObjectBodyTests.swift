import EmuTestSupport
import EmuTesting
import LCWire
import Testing

/// Object bodies the spec calls errors (§2.2 key names, §2.5 operations, §2.6 types, §6.1 ACL)
/// are refused with their code on create, on update and inside a batch: never a 2xx.
@Suite struct InvalidObjectBodyTests {
    static let cases: [(body: JSON, code: Int)] = [
        (["x": ["__op": "Explode"]], 1), (["x": ["__op": "Increment", "amount": "ten"]], 1),
        (["x": ["__op": "Add", "objects": 5]], 1), (["x": ["__op": "Batch", "ops": 5]], 1),
        (["x": ["__type": "Spaceship"]], 111), (["x": ["__type": 7]], 111), (["x": ["__type": "Date", "iso": "yesterday"]], 111),
        (["x": ["__type": "Bytes", "base64": "!!!"]], 111), (["x": ["__type": "File", "id": 3]], 111),
        (["x": ["__type": "Pointer", "className": "a b", "objectId": "1"]], 106),
        (["x": ["__type": "GeoPoint", "latitude": 500, "longitude": 0]], 302),
        (["$bad": 1], 105), (["": 1], 105), (["a.b": 1], 105), (["x\u{0}": 1], 105),
        (["x": ["$inc": 1]], 121), (["x": ["y.z": 1]], 121), (["ACL": 5], 123), (["ACL": ["*": ["read": "yes"]]], 123),
    ]

    @Test func invalidBodies_areRefusedWithTheirCode_onCreateUpdateAndBatch() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient()
        let id = try #require(client.post("/1.1/classes/Probe", json: ["title": "t"]).json?["objectId"]?.stringValue)
        for (body, code) in Self.cases {
            let created = try client.post("/1.1/classes/Probe", json: body)
            #expect(created.status == 400 && created.json?["code"] == JSON(code), "create \(body.jsonString): \(created.text)")
            // On update a dotted key addresses a nested field (spec §2.5): valid there.
            guard body["a.b"] == nil else { continue }
            let updated = try client.put("/1.1/classes/Probe/\(id)", json: body)
            #expect(updated.status == 400 && updated.json?["code"] == JSON(code), "update \(body.jsonString): \(updated.text)")
            let batch = try client.post("/1.1/batch", json: ["requests": [["method": "POST", "path": "/1.1/classes/Probe", "body": body]]])
            #expect(batch.json?[0]?["error"]?["code"] == JSON(code), "batch \(body.jsonString): \(batch.text)")
        }
    }
}
