import EmuTestSupport
import EmuTesting
import LCWire
import Testing

@Suite struct BatchTests {
    let emulator: TestServer

    init() throws { emulator = try TestServer.start(open: TestRoutes.emulator) }

    private func batch(_ tier: Tier, _ requests: [JSON], credentials: TestClient.Credentials = .appKey) throws -> [JSON] {
        let response = try emulator.client(tier, credentials: credentials).post("/1.1/batch", json: ["requests": .array(requests)])
        #expect(response.status == 200)
        return try #require(response.json?.arrayValue)
    }

    @Test(arguments: Tier.inProcessAndSocket)
    func batch_answersOneItemPerRequest_inOrder(tier: Tier) throws {
        let items = try batch(tier, [
            ["method": "GET", "path": "/1.1/date"],
            ["method": "GET", "path": "/1.1/nowhere"],
            ["method": "POST", "path": "/1.1/test/echo", "body": ["a": 1]],
            ["method": "PATCH", "path": "/1.1/date"],
        ])
        #expect(items.count == 4)
        #expect(items[0]["success"]?["__type"] == "Date")
        #expect(items[1] == ["error": ["code": 404, "error": "The requested resource was not found."]])
        #expect(items[2]["success"]?["method"] == "POST")
        #expect(items[2]["success"]?["body"] == ["a": 1])
        #expect(items[3]["error"]?["code"] == 405)
        for item in items { #expect(item.objectValue?.count == 1) }
    }

    @Test(arguments: Tier.inProcessAndSocket)
    func batch_turnsParamsIntoQueryParameters(tier: Tier) throws {
        let items = try batch(tier, [[
            "method": "get", "path": "/1.1/test/echo/abc?x=1",
            "params": ["where": ["a": 1], "fetchWhenSave": true, "limit": 5, "keys": "a,b", "skip": nil],
        ]])
        let echo = try #require(items.first?["success"])
        #expect(echo["method"] == "GET")
        #expect(echo["objectId"] == "abc")
        #expect(echo["query"] == ["x": "1", "where": #"{"a":1}"#, "fetchWhenSave": "true", "limit": "5", "keys": "a,b"])
        #expect(echo["body"] == .null)
    }

    @Test func batch_readsPathsWithoutTheVersionPrefix_andKeepsSessionHeaders() throws {
        var client = emulator.client(.inProcess)
        client.sessionToken = "session-abc"
        let response = try client.post("/1.1/batch", json: ["requests": [["method": "PUT", "path": "/test/echo", "body": ["b": true]]]])
        let echo = try #require(response.json?[0]?["success"])
        #expect(echo["path"] == "/1.1/test/echo")
        #expect(echo["session"] == "session-abc")
        #expect(echo["contentType"] == "application/json")
    }

    @Test(arguments: Tier.inProcessAndSocket)
    func batch_refusesMasterOnlySubRequest_forAppKey(tier: Tier) throws {
        let request: JSON = ["method": "GET", "path": "/1.1/test/master"]
        #expect(try batch(tier, [request]) == [["error": ["code": 401, "error": "Unauthorized."]]])
        #expect(try batch(tier, [request], credentials: .masterKey) == [["success": ["ok": true]]])
    }

    @Test func batch_cannotReachRoutesOutsideVersionPrefix() throws {
        let items = try batch(.inProcess, [["method": "POST", "path": "/__admin/reset"]], credentials: .masterKey)
        #expect(items[0]["error"]?["code"] == 404)
    }

    @Test func batch_refusesNestedBatch() throws {
        let items = try batch(.inProcess, [["method": "POST", "path": "/1.1/batch", "body": ["requests": []]]])
        #expect(items == [["error": ["code": 1, "error": "A batch request cannot contain batch requests."]]])
    }

    @Test(arguments: Tier.inProcessAndSocket)
    func batch_runsOneDeletePerCommaJoinedId_andReportsFirstError(tier: Tier) throws {
        let items = try batch(tier, [
            ["method": "DELETE", "path": "/1.1/test/items/a1,a2"],
            ["method": "DELETE", "path": "/1.1/test/items/b1,bad2,bad3,b4"],
        ])
        #expect(items[0] == ["success": [:]])
        #expect(items[1] == ["error": ["code": 1, "error": "Could not find object by id 'bad2' for class 'Item'."]])
        #expect(emulator.log.deletedIds.current == ["a1", "a2", "b1", "bad2", "bad3", "b4"])
    }

    @Test func batch_withNoRequests_answersEmptyArray() throws {
        #expect(try batch(.inProcess, []) == [])
    }

    @Test func batch_needsAppCredentials() throws {
        let response = try emulator.client(.inProcess, credentials: .none).post("/1.1/batch", json: ["requests": []])
        #expect(response.status == 401)
    }
}
