import EmuAPI
import EmuHTTP
import EmuTestSupport
import Foundation
import LCWire
import Testing

/// `/1.1/functions/<name>` and `/1.1/call/<name>` reach the app's engine when it defines the
/// function, with the caller's session and LeanCloud's headers; a stub still wins; a slow engine
/// is 141, an engine that is down a clear 502 at once (docs/cloud-code.md).
@Suite struct EngineFunctionTests {
    @Test(arguments: ["functions", "call"])
    func aDefinedFunction_isForwarded_withTheEnginesAnswer(kind: String) throws {
        let engine = try FakeEngine(defines: ["hello"]) { _ in FakeEngine.json(200, ["result": ["greeting": "hi"]]) }
        let emulator = try TestServer.start(engine: engine.url)
        let response = try emulator.client().post("/1.1/\(kind)/hello", json: ["who": "me"])
        #expect(response.status == 200)
        #expect(response.json == ["result": ["greeting": "hi"]])
        let sent = try #require(engine.requests(to: "/1.1/\(kind)/hello").first)
        #expect(sent.method == "POST")
        #expect(FakeEngine.body(sent) == ["who": "me"])
        #expect(sent.headers["X-LC-Id"] == emulator.app.appId)
        #expect(sent.headers["X-LC-Key"] == emulator.app.appKey)
        #expect(sent.headers["X-LC-Hook-Key"] == "test-hook-key")
        #expect(sent.headers["X-LC-Session"] == nil)
    }

    @Test func theCallersSession_andMasterKey_areForwarded() throws {
        let engine = try FakeEngine(defines: ["whoami"])
        let emulator = try TestServer.start(engine: engine.url)
        let userId = try emulator.createUser("alice")
        _ = try emulator.inProcessClient(asUser: userId).post("/1.1/functions/whoami", json: [:])
        let token = try #require(engine.requests(to: "/1.1/functions/whoami").last?.headers["X-LC-Session"])
        #expect(token.hasPrefix("") && !token.isEmpty)
        #expect(engine.requests(to: "/1.1/functions/whoami").last?.headers["X-Uluru-Session-Token"] == token)
        _ = try emulator.client(credentials: .masterKey).post("/1.1/functions/whoami", json: [:])
        #expect(engine.requests(to: "/1.1/functions/whoami").last?.headers["X-LC-Key"] == "\(emulator.app.masterKey),master")
    }

    @Test func anEngineError_isAnsweredWithItsStatusAndBody() throws {
        let engine = try FakeEngine(defines: ["pay"]) { _ in FakeEngine.json(400, ["code": 123, "error": "no money"]) }
        let emulator = try TestServer.start(engine: engine.url)
        let response = try emulator.client().post("/1.1/functions/pay", json: [:])
        #expect(response.status == 400)
        #expect(response.text == #"{"code":123,"error":"no money"}"#)
    }

    @Test func aFunctionTheEngineDoesNotDefine_is404_withoutCallingIt() throws {
        let engine = try FakeEngine(defines: ["hello"])
        let emulator = try TestServer.start(engine: engine.url)
        let response = try emulator.client().post("/1.1/functions/other", json: [:])
        #expect(response.status == 404)
        #expect(response.text == #"{"code":1,"error":"No such cloud function 'other'"}"#)
        #expect(engine.requests(to: "/1.1/functions/other").isEmpty)
    }

    @Test func aFunctionName_isSentAsOnePercentEncodedSegment() throws {
        let engine = try FakeEngine(defines: ["héllo wörld"])
        let emulator = try TestServer.start(engine: engine.url)
        #expect(try emulator.client().post("/1.1/functions/h%C3%A9llo%20w%C3%B6rld", json: [:]).status == 200)
        #expect(engine.requests().last?.target == "/1.1/functions/h%C3%A9llo%20w%C3%B6rld")
    }

    @Test func aStub_overridesTheEnginesFunctionOfTheSameName() throws {
        let engine = try FakeEngine(defines: ["hello"])
        let emulator = try TestServer.start(engine: engine.url)
        _ = try emulator.client(credentials: .masterKey).put("/__admin/functions/hello", json: ["result": "pinned"])
        #expect(try emulator.client().post("/1.1/functions/hello", json: [:]).json == ["result": "pinned"])
        #expect(engine.requests(to: "/1.1/functions/hello").isEmpty)
    }

    @Test func anEngineThatTricklesItsAnswer_is141_once_theWholeCallOutlivesTheLimit() throws {
        // ~100 bytes 50 ms apart: every read is quick, the whole answer takes about 5 s.
        let engine = try RawEngine(defines: ["slow"], trickling: #"{"result":"slowly"}"#)
        let emulator = try TestServer.start(engine: engine.url, timeout: 0.5)
        let started = Date()
        let response = try emulator.client().post("/1.1/functions/slow", json: [:])
        #expect(response.status == 503)
        #expect(response.text == #"{"code":141,"error":"LeanEngine request timeout."}"#)
        #expect(Date().timeIntervalSince(started) < 3)
    }

    @Test func anEngineThatNeverAnswers_is141_afterTheConfiguredLimit() throws {
        let engine = try FakeEngine(defines: ["slow"]) { _ in nil }
        let emulator = try TestServer.start(engine: engine.url, timeout: 0.2)
        let response = try emulator.client().post("/1.1/functions/slow", json: [:])
        #expect(response.status == 503)
        #expect(response.text == #"{"code":141,"error":"LeanEngine request timeout."}"#)
    }

    @Test func anEngineThatIsDown_isA502AtOnce_namingIt() throws {
        let url = try closedPortURL()
        let emulator = try TestServer.start(engine: url)
        let response = try emulator.client().post("/1.1/functions/hello", json: [:])
        #expect(response.status == 502)
        #expect(response.json?["code"] == 1)
        #expect(response.json?["error"]?.stringValue?.hasPrefix("LeanEngine at \(url) cannot be reached") == true)
    }

    @Test func reload_asksTheEngineAgain_andTheAdminViewShowsEachCallBesideItsRequest() throws {
        let engine = try FakeEngine(defines: ["hello"])
        let emulator = try TestServer.start(engine: engine.url)
        let admin = emulator.client(credentials: .masterKey)
        let reloaded = try admin.post("/__admin/engine/reload", json: [:])
        #expect(reloaded.json?["definitions"] == ["hello"])
        #expect(engine.requests(to: "/1.1/functions/_ops/metadatas").first?.headers["X-LC-Key"] == "\(emulator.app.masterKey),master")
        _ = try emulator.client().post("/1.1/functions/hello", json: [:])
        let calls = try #require(try admin.get("/__admin/engine").json?["calls"]?.arrayValue)
        #expect(calls.first?["path"] == "/1.1/functions/hello")
        #expect(calls.dropFirst().allSatisfy { $0["path"] == "/1.1/functions/_ops/metadatas" && $0["requestId"] == "" })
        #expect(calls.first?["status"] == 200)
        let requestId = try #require(calls.first?["requestId"]?.stringValue)
        #expect(!requestId.isEmpty)
        #expect(try admin.get("/__admin/engine?requestId=\(requestId)").json?["calls"]?.arrayValue?.count == 1)
    }

    @Test func anAppWithoutAnEngine_keepsItsStubsOnly_andHasNoEngineView() throws {
        let emulator = try TestServer.start()
        #expect(try emulator.client().post("/1.1/functions/hello", json: [:]).status == 404)
        #expect(try emulator.client(credentials: .masterKey).get("/__admin/engine").status == 400)
    }
}

/// The URL of a loopback port nothing listens on: bound, then closed.
func closedPortURL() throws -> String {
    let server = try TestServer.start(.socket, handler: ClosureHTTPHandler(sync: { _ in HTTPResponse(status: 200) }))
    let port = server.httpServer.port
    server.httpServer.shutdown(gracePeriod: 0)
    return "http://127.0.0.1:\(port)"
}
