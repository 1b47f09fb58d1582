import EmuAPI
import EmuTestSupport
import LCWire
import Testing

/// The request journal lists each engine call beside the request that caused it, after-hooks
/// included (docs/cloud-code.md#seeing-the-engine-calls).
@Suite struct EngineJournalTests {
    @Test func aWritesRecord_carriesItsHookCalls() throws {
        let engine = try FakeEngine(defines: ["__before_save_for_Post", "__after_save_for_Post"]) { request in
            FakeEngine.json(200, FakeEngine.body(request)?["object"] ?? [:])
        }
        let emulator = try TestServer.start(engine: engine.url)
        #expect(try emulator.client().post("/1.1/classes/Post", json: ["title": "t"]).status == 201)
        let admin = emulator.client(credentials: .masterKey)
        func calls() throws -> [JSON] {
            let records = try admin.get("/__admin/requests").json?["results"]?.arrayValue ?? []
            let write = records.first { $0["method"] == "POST" && $0["path"] == "/1.1/classes/Post" }
            return write?["engineCalls"]?.arrayValue ?? []
        }
        #expect(try eventually { try calls().count == 2 })
        #expect(try calls().map { $0["path"] } == ["/1.1/functions/Post/beforeSave", "/1.1/functions/Post/afterSave"])
        #expect(try calls().allSatisfy { $0["status"] == 200 })
    }

    @Test func anAppWithoutAnEngine_listsNoEngineCalls() throws {
        let emulator = try TestServer.start()
        _ = try emulator.client().post("/1.1/classes/Post", json: ["title": "t"])
        let records = try emulator.client(credentials: .masterKey).get("/__admin/requests").json?["results"]?.arrayValue
        #expect(records?.allSatisfy { $0["engineCalls"] == nil } == true)
    }
}

/// What the dashboard reads of the engine (docs/dashboard.md): each record's `requestId`, which
/// `GET /__admin/engine?requestId=` takes; what the engine defines as LCEmu last asked, read
/// without asking it again; and an `engine` version in the live state that moves with its calls.
@Suite struct EngineDashboardTests {
    @Test func aRecordsRequestId_selectsItsCalls_inTheEngineLog() throws {
        let engine = try FakeEngine(defines: ["__before_save_for_Post"]) { request in
            FakeEngine.json(200, FakeEngine.body(request)?["object"] ?? [:])
        }
        let emulator = try TestServer.start(engine: engine.url)
        #expect(try emulator.client().post("/1.1/classes/Post", json: ["title": "t"]).status == 201)
        let admin = emulator.client(credentials: .masterKey)
        let records = try admin.get("/__admin/requests?method=POST&path=/1.1/classes/Post").json?["results"]?.arrayValue
        let requestId = try #require(records?.first?["requestId"]?.stringValue)
        let calls = try admin.get("/__admin/engine?requestId=\(requestId)").json?["calls"]?.arrayValue
        #expect(calls?.map { $0["path"] } == ["/1.1/functions/Post/beforeSave"])
        #expect(calls?.allSatisfy { $0["requestId"] == .string(requestId) } == true)
    }

    @Test func theEngineState_namesWhatItDefines_withoutAskingIt() throws {
        let engine = try FakeEngine(defines: ["hello", "__before_save_for_Post"])
        let emulator = try TestServer.start(engine: engine.url)
        let admin = emulator.client(credentials: .masterKey)
        #expect(try eventually { try admin.get("/__admin/engine").json?["definitions"] == ["__before_save_for_Post", "hello"] })
        let asked = engine.requests(to: "/1.1/functions/_ops/metadatas").count
        _ = try admin.get("/__admin/engine")
        #expect(engine.requests(to: "/1.1/functions/_ops/metadatas").count == asked)
    }

    @Test func theLiveState_hasAnEngineVersion_thatMovesWithItsCalls() throws {
        let engine = try FakeEngine(defines: ["hello"])
        let emulator = try TestServer.start(engine: engine.url)
        let admin = emulator.client(credentials: .masterKey)
        let before = try #require(try admin.get("/__admin/status").json?["engine"]?.intValue)
        #expect(try emulator.client().post("/1.1/functions/hello", json: [:]).status == 200)
        #expect(try admin.get("/__admin/status").json?["engine"]?.intValue ?? 0 > before)
        let withoutEngine = try TestServer.start()
        #expect(try withoutEngine.client(credentials: .masterKey).get("/__admin/status").json?["engine"] == .null)
    }
}
