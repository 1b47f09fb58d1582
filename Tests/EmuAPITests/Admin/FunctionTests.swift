import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// Cloud functions answer what the test stubbed (`/__admin/functions`) and are recorded
/// (`/__admin/function-calls`): docs/functions.md.
@Suite struct FunctionTests {
    let emulator: TestServer
    let admin: TestClient
    let client: TestClient

    init() throws {
        emulator = try TestServer.start()
        admin = emulator.inProcessClient(credentials: .masterKey)
        client = emulator.inProcessClient()
    }

    @Test func anUnstubbedFunction_is404_inLeanEnginesWords() throws {
        let response = try client.post("/1.1/functions/hello", json: [:])
        #expect(response.status == 404)
        #expect(response.text == #"{"code":1,"error":"No such cloud function 'hello'"}"#)
    }

    @Test(arguments: ["/1.1/functions/hello", "/1.1/call/hello"])
    func aStubbedResult_isAnsweredAsResult(path: String) throws {
        let stub: JSON = ["result": ["greeting": "hi", "n": 3]]
        #expect(try admin.put("/__admin/functions/hello", json: stub).json == ["name": "hello", "result": ["greeting": "hi", "n": 3]])
        let response = try client.post(path, json: ["who": "me"])
        #expect(response.status == 200)
        #expect(response.text == #"{"result":{"greeting":"hi","n":3}}"#)
    }

    @Test(arguments: [(nil, 400), (503, 503)] as [(Int?, Int)])
    func aStubbedError_isAnsweredWithItsCodeAndStatus(status: Int?, expected: Int) throws {
        var stub: JSONObject = ["error": ["code": 142, "error": "Cloud Code validation failed."]]
        if let status { stub["status"] = JSON(status) }
        _ = try admin.put("/__admin/functions/checkout", json: .object(stub))
        let response = try client.post("/1.1/functions/checkout", json: [:])
        #expect(response.status == expected)
        #expect(response.text == #"{"code":142,"error":"Cloud Code validation failed."}"#)
    }

    @Test(arguments: [
        #"{}"#, #"{"result":1,"error":{"code":1,"error":"x"}}"#, #"{"result":1,"status":400}"#,
        #"{"error":{"code":"1","error":"x"}}"#, #"{"error":{"code":1}}"#, #"{"error":"boom"}"#,
        #"{"error":{"code":1,"error":"x"},"status":200}"#, #"{"error":{"code":1,"error":"x"},"status":"400"}"#, "[1]",
    ])
    func aMalformedStub_isRefused_andNothingIsStubbed(body: String) throws {
        let response = try admin.send("PUT", "/__admin/functions/f", body: Array(body.utf8), headers: ["Content-Type": "application/json"])
        #expect(response.status == 400)
        #expect(response.json?["code"] == 1 || response.json?["code"] == 107)
        #expect(try client.post("/1.1/functions/f", json: [:]).status == 404)
    }

    @Test func calls_areRecorded_withParamsUserAndKind_newestFirst() throws {
        let userId = try emulator.createUser("alice")
        let alice = try emulator.inProcessClient(asUser: userId)
        _ = try client.post("/1.1/functions/a", json: ["x": 1])
        _ = try alice.post("/1.1/call/b", json: ["when": ["__type": "Date", "iso": "2026-01-01T00:00:00.000Z"]])
        let calls = try #require(try admin.get("/__admin/function-calls").json?["results"]?.arrayValue)
        #expect(calls.map { $0["name"] } == ["b", "a"])
        #expect(calls.map { $0["rpc"] } == [true, false])
        #expect(calls.map { $0["user"] } == [.string(userId), .null])
        #expect(calls[1]["params"] == ["x": 1])
        #expect(calls[0]["calledAt"]?.stringValue?.hasSuffix("Z") == true)
        let onlyA = try admin.get("/__admin/function-calls?name=a").json?["results"]?.arrayValue
        #expect(onlyA?.count == 1)
        #expect(try admin.delete("/__admin/function-calls").json?["deleted"] == 2)
        #expect(try admin.get("/__admin/function-calls").json?["results"] == [])
    }

    @Test func aDeadSessionToken_is401_211_andNotRecorded() throws {
        let response = try client.post("/1.1/functions/hello", json: [:], headers: ["X-LC-Session": "no-such-token"])
        #expect(response.status == 401)
        #expect(response.text == #"{"code":211,"error":"Could not find user."}"#)
        #expect(try admin.get("/__admin/function-calls").json?["results"] == [])
    }

    @Test func stubs_areListed_replaced_andRemoved() throws {
        _ = try admin.put("/__admin/functions/b", json: ["result": 1])
        _ = try admin.put("/__admin/functions/a", json: ["result": 2])
        _ = try admin.put("/__admin/functions/b", json: ["result": 3])
        #expect(try admin.get("/__admin/functions").json == ["results": [["name": "a", "result": 2], ["name": "b", "result": 3]]])
        #expect(try admin.delete("/__admin/functions/a").json?["deleted"] == 1)
        #expect(try admin.delete("/__admin/functions/a").json?["deleted"] == 0)
        #expect(try admin.delete("/__admin/functions").json?["deleted"] == 1)
        #expect(try admin.get("/__admin/functions").json == ["results": []])
    }

    @Test func theAdminSide_needsTheMasterKey() throws {
        #expect(try client.get("/__admin/functions").status == 401)
        #expect(try client.put("/__admin/functions/x", json: ["result": 1]).status == 401)
        #expect(try client.get("/__admin/function-calls").status == 401)
    }

    @Test func reset_forgetsStubsAndCalls() throws {
        _ = try admin.put("/__admin/functions/hello", json: ["result": 1])
        _ = try client.post("/1.1/functions/hello", json: [:])
        #expect(try admin.post("/__admin/reset").status == 200)
        #expect(try admin.get("/__admin/functions").json == ["results": []])
        #expect(try admin.get("/__admin/function-calls").json?["results"] == [])
    }
}
