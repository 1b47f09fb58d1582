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
