import EmuTestSupport
import EmuTesting
import LCWire
import Testing

/// Batch over the real object routes (spec §4).
@Suite struct BatchObjectTests {
    let emulator: TestServer
    let client: TestClient

    init() throws {
        emulator = try TestServer.start()
        client = emulator.inProcessClient()
    }

    private func create(_ fields: JSONObject) throws -> String {
        let response = try client.post("/1.1/classes/Post", json: .object(fields))
        return try #require(response.json?["objectId"]?.stringValue)
    }

    private func batch(_ requests: [JSON]) throws -> [JSON] {
        let response = try client.post("/1.1/batch", json: ["requests": .array(requests)])
        #expect(response.status == 200)
        return try #require(response.json?.arrayValue)
    }

    @Test func mixedRequests_answerInOrder() throws {
        let id = try create(["upvotes": 1])
        let items = try batch([
            ["method": "POST", "path": "/1.1/classes/Post", "body": ["content": "a"]],
            ["method": "PUT", "path": .string("/1.1/classes/Post/\(id)"), "body": ["upvotes": ["__op": "Increment", "amount": 2]],
             "params": ["fetchWhenSave": true]],
            ["method": "GET", "path": .string("/1.1/classes/Post/\(id)"), "params": ["keys": "upvotes"]],
            ["method": "GET", "path": "/1.1/classes/Post/0123456789abcdef01234567"],
            ["method": "PUT", "path": .string("/1.1/classes/Post/\(id)"), "params": ["where": ["upvotes": 99]], "body": ["x": 1]],
        ])
        #expect(items.count == 5)
        #expect(items[0]["success"]?["objectId"] != nil)
        #expect(items[1]["success"]?["upvotes"] == 3)
        #expect(items[2]["success"]?["upvotes"] == 3 && items[2]["success"]?["title"] == nil)
        #expect(items[3]["success"] == .object(JSONObject()))  // unknown id: {} (§4.1)
        #expect(items[4]["error"]?["code"] == 305)
    }

    @Test func commaJoinedDelete_removesEveryId() throws {
        let ids = try (0..<3).map { _ in try create(["n": 1]) }
        let items = try batch([["method": "DELETE", "path": .string("/1.1/classes/Post/" + ids.joined(separator: ","))]])
        #expect(items == [["success": .object(JSONObject())]])
        let count = try client.get("/1.1/classes/Post?count=1&limit=0").json?["count"]
        #expect(count == 0)
    }

    @Test func batchSave_withFailedCondition_answers305() throws {
        let id = try create(["like": 1])
        let response = try client.post("/1.1/batch/save", json: ["requests": [[
            "method": "PUT", "path": .string("/1.1/classes/Post/\(id)"), "params": ["where": ["like": 5]],
            "body": ["__internalId": .string(id), "like": 0],
        ]]])
        #expect(response.status == 400)
        #expect(response.json?["code"] == 305)
    }
}
