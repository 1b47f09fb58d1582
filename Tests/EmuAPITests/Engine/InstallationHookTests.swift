import EmuAPI
import EmuTestSupport
import LCWire
import Testing

/// `_Installation`'s class hooks (docs/cloud-code.md): the upsert of `POST /1.1/installations`
/// calls them like any class's save — `beforeSave` may change or refuse it; then `afterSave` for
/// a new device, `afterUpdate` when it updated the device's installation.
@Suite struct InstallationHookTests {
    static let token = "abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789"
    static let hooks = ["__before_save_for__Installation", "__after_save_for__Installation", "__after_update_for__Installation"]

    @Test func theUpsert_callsBeforeSave_thenAfterSaveOrAfterUpdate() throws {
        let engine = try FakeEngine(defines: Self.hooks) { request in
            guard request.path.hasSuffix("/beforeSave") else { return FakeEngine.json(200, [:]) }
            var object = FakeEngine.body(request)?["object"]?.objectValue ?? [:]
            object["channels"] = ["stamped"]
            return FakeEngine.json(200, .object(object))
        }
        let emulator = try TestServer.start(engine: engine.url)
        let client = emulator.client()
        let created = try client.post("/1.1/installations", json: ["deviceType": "ios", "deviceToken": .string(Self.token)])
        #expect(created.status == 201)
        let id = try #require(created.json?["objectId"]?.stringValue)
        #expect(try client.get("/1.1/installations/\(id)").json?["channels"] == ["stamped"])
        let sent = FakeEngine.body(try #require(engine.requests(to: "/1.1/functions/_Installation/beforeSave").first))
        #expect(sent?["object"]?["deviceToken"] == .string(Self.token))
        #expect(eventually { engine.requests(to: "/1.1/functions/_Installation/afterSave").count == 1 })
        #expect(FakeEngine.body(engine.requests(to: "/1.1/functions/_Installation/afterSave")[0])?["object"]?["objectId"] == .string(id))

        let again = try client.post("/1.1/classes/_Installation", json: ["deviceType": "ios", "deviceToken": .string(Self.token), "badge": 2])
        #expect(again.status == 200)
        #expect(engine.requests(to: "/1.1/functions/_Installation/beforeSave").count == 2)
        #expect(eventually { engine.requests(to: "/1.1/functions/_Installation/afterUpdate").count == 1 })
        let updated = FakeEngine.body(engine.requests(to: "/1.1/functions/_Installation/afterUpdate")[0])?["object"]
        #expect(updated?["objectId"] == .string(id))
        #expect(updated?["badge"] == 2)
        #expect(engine.requests(to: "/1.1/functions/_Installation/afterSave").count == 1)
    }

    @Test func beforeSave_refusing_is142_andNoInstallationIsSaved() throws {
        let engine = try FakeEngine(defines: Self.hooks) { _ in FakeEngine.json(400, ["code": 1, "error": "no devices today"]) }
        let emulator = try TestServer.start(engine: engine.url)
        let response = try emulator.client().post("/1.1/installations", json: ["deviceType": "ios", "deviceToken": .string(Self.token)])
        #expect(response.status == 400)
        #expect(response.text == #"{"code":142,"error":"Cloud Code validation failed. Error detail : no devices today"}"#)
        let found = try emulator.client(credentials: .masterKey).get("/1.1/installations").json?["results"]?.arrayValue
        #expect(found?.isEmpty ?? true)
    }
}
