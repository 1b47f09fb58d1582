import EmuAPI
import EmuHTTP
import EmuTestSupport
import LCWire
import Testing

/// Class hooks at the moment LeanCloud calls them (docs/cloud-code.md): before-hooks change or
/// refuse the write (142 with the engine's detail), after-hooks run once it committed and
/// cannot undo it, `__ignore_hooks` with the master or hook key skips them.
@Suite struct ClassHookTests {
    static let refusal = FakeEngine.json(400, ["code": 1, "error": "title is required"])

    @Test func beforeSave_changesTheObjectToCreate() throws {
        let engine = try FakeEngine(defines: ["__before_save_for_Post"]) { request in
            var object = FakeEngine.body(request)?["object"]?.objectValue ?? [:]
            object["stamped"] = true
            return FakeEngine.json(200, .object(object))
        }
        let emulator = try TestServer.start(engine: engine.url)
        let created = try emulator.client().post("/1.1/classes/Post", json: ["title": "hi"])
        #expect(created.status == 201)
        let id = try #require(created.json?["objectId"]?.stringValue)
        let stored = try emulator.client().get("/1.1/classes/Post/\(id)").json
        #expect(stored?["title"] == "hi")
        #expect(stored?["stamped"] == true)
        let sent = try #require(engine.requests(to: "/1.1/functions/Post/beforeSave").first)
        #expect(FakeEngine.body(sent)?["object"] == ["title": "hi"])
        #expect(FakeEngine.body(sent)?["user"] == .null)
        #expect(sent.headers["X-LC-Hook-Key"] == "test-hook-key")
    }

    @Test func beforeSave_refusing_is142_withItsDetail_andNothingIsSaved() throws {
        let engine = try FakeEngine(defines: ["__before_save_for_Post"]) { _ in Self.refusal }
        let emulator = try TestServer.start(engine: engine.url)
        let response = try emulator.client().post("/1.1/classes/Post", json: ["body": "x"])
        #expect(response.status == 400)
        #expect(response.text == #"{"code":142,"error":"Cloud Code validation failed. Error detail : title is required"}"#)
        let found = try emulator.client(credentials: .masterKey).get("/1.1/classes/Post").json?["results"]?.arrayValue
        #expect(found?.isEmpty ?? true)
    }

    @Test func beforeSave_receivesTheCallersUser() throws {
        let engine = try FakeEngine(defines: ["__before_save_for_Post"]) { request in
            FakeEngine.json(200, FakeEngine.body(request)?["object"] ?? [:])
        }
        let emulator = try TestServer.start(engine: engine.url)
        let userId = try emulator.createUser("alice")
        _ = try emulator.inProcessClient(asUser: userId).post("/1.1/classes/Post", json: ["title": "t"])
        let user = FakeEngine.body(try #require(engine.requests(to: "/1.1/functions/Post/beforeSave").first))?["user"]
        #expect(user?["objectId"] == .string(userId))
        #expect(user?["username"] == "alice")
        #expect(user?["sessionToken"]?.stringValue?.isEmpty == false)
        #expect(user?["password"] == nil)
    }

    @Test func aDeadSession_isRefused_beforeAnyHookRuns() throws {
        let engine = try FakeEngine(defines: ["__before_save_for_Post"])
        let emulator = try TestServer.start(engine: engine.url)
        let response = try emulator.client().post("/1.1/classes/Post", json: ["title": "t"], headers: ["X-LC-Session": "no-such-token"])
        #expect(response.json?["code"] == 211)
        #expect(engine.requests(to: "/1.1/functions/Post/beforeSave").isEmpty)
    }

    @Test func beforeUpdate_getsTheChangedKeys_andMayRefuse() throws {
        let engine = try FakeEngine(defines: ["__before_update_for_Post"]) { request in
            let object = FakeEngine.body(request)?["object"]?.objectValue ?? [:]
            return object["title"] == "bad" ? Self.refusal : FakeEngine.json(200, .object(object))
        }
        let emulator = try TestServer.start(engine: engine.url)
        let client = emulator.client()
        let id = try #require(try client.post("/1.1/classes/Post", json: ["title": "a", "n": 1]).json?["objectId"]?.stringValue)
        #expect(try client.put("/1.1/classes/Post/\(id)", json: ["title": "b"]).status == 200)
        let sent = FakeEngine.body(try #require(engine.requests(to: "/1.1/functions/Post/beforeUpdate").first))?["object"]
        #expect(sent == ["title": "b", "objectId": .string(id), "_updatedKeys": ["title"]])
        let refused = try client.put("/1.1/classes/Post/\(id)", json: ["title": "bad"])
        #expect(refused.status == 400)
        #expect(refused.json?["code"] == 142)
        #expect(try client.get("/1.1/classes/Post/\(id)").json?["title"] == "b")
    }

    @Test func beforeDelete_getsTheStoredObject_andMayRefuse() throws {
        let engine = try FakeEngine(defines: ["__before_delete_for_Post"]) { _ in Self.refusal }
        let emulator = try TestServer.start(engine: engine.url)
        let client = emulator.client()
        let id = try #require(try client.post("/1.1/classes/Post", json: ["title": "keep"]).json?["objectId"]?.stringValue)
        let response = try client.delete("/1.1/classes/Post/\(id)")
        #expect(response.status == 400)
        #expect(response.json?["code"] == 142)
        #expect(try client.get("/1.1/classes/Post/\(id)").json?["title"] == "keep")
        let sent = FakeEngine.body(try #require(engine.requests(to: "/1.1/functions/Post/beforeDelete").first))?["object"]
        #expect(sent?["title"] == "keep")
        #expect(sent?["objectId"] == .string(id))
    }

    @Test func afterHooks_runOnceTheWriteCommitted_andTheirFailureUndoesNothing() throws {
        let engine = try FakeEngine(defines: ["__after_save_for_Post", "__after_update_for_Post", "__after_delete_for_Post"]) { _ in
            FakeEngine.json(500, ["code": 141, "error": "Cloud Code script had an error."])
        }
        let emulator = try TestServer.start(engine: engine.url)
        let client = emulator.client()
        let created = try client.post("/1.1/classes/Post", json: ["title": "a"])
        #expect(created.status == 201)
        let id = try #require(created.json?["objectId"]?.stringValue)
        #expect(eventually { engine.requests(to: "/1.1/functions/Post/afterSave").count == 1 })
        let saved = FakeEngine.body(engine.requests(to: "/1.1/functions/Post/afterSave")[0])?["object"]
        #expect(saved?["objectId"] == .string(id))
        #expect(saved?["createdAt"]?.stringValue?.hasSuffix("Z") == true)
        #expect(try client.put("/1.1/classes/Post/\(id)", json: ["title": "b"]).status == 200)
        #expect(eventually { engine.requests(to: "/1.1/functions/Post/afterUpdate").count == 1 })
        let updated = FakeEngine.body(engine.requests(to: "/1.1/functions/Post/afterUpdate")[0])?["object"]
        #expect(updated?["title"] == "b")
        #expect(updated?["_updatedKeys"] == ["title"])
        #expect(try client.get("/1.1/classes/Post/\(id)").json?["title"] == "b")
        #expect(try client.delete("/1.1/classes/Post/\(id)").status == 200)
        #expect(eventually { engine.requests(to: "/1.1/functions/Post/afterDelete").count == 1 })
        #expect(FakeEngine.body(engine.requests(to: "/1.1/functions/Post/afterDelete")[0])?["object"]?["title"] == "b")
    }

    @Test(arguments: [
        (["X-LC-Key": "lcemu-dev-master-key,master"], true),
        (["X-LC-Hook-Key": "test-hook-key"], true),
        (["X-LC-Hook-Key": "wrong"], false),
        ([:], false),
    ] as [([String: String], Bool)])
    func ignoreHooks_skipsThem_onlyWithTheMasterOrHookKey(headers: [String: String], skips: Bool) throws {
        let engine = try FakeEngine(defines: ["__before_save_for_Post"]) { _ in Self.refusal }
        let emulator = try TestServer.start(engine: engine.url)
        let client = headers["X-LC-Key"] != nil ? emulator.client(credentials: .masterKey) : emulator.client()
        let response = try client.post("/1.1/classes/Post", json: ["title": "t", "__ignore_hooks": ["beforeSave"]],
                                       headers: HTTPHeaders(headers.filter { $0.key != "X-LC-Key" }.map { (name: $0.key, value: $0.value) }))
        #expect(response.status == (skips ? 201 : 400))
        #expect(engine.requests(to: "/1.1/functions/Post/beforeSave").isEmpty == skips)
    }

    @Test func aClassWithoutHooks_writesWithoutCallingTheEngine() throws {
        let engine = try FakeEngine(defines: ["__before_save_for_Other", "hello"])
        let emulator = try TestServer.start(engine: engine.url)
        #expect(try emulator.client().post("/1.1/classes/Post", json: ["title": "t"]).status == 201)
        #expect(engine.requests().allSatisfy { $0.path == "/1.1/functions/_ops/metadatas" })
    }

    @Test func aHookThatNeverAnswers_is141_andAnEngineThatIsDown_is502() throws {
        let silent = try FakeEngine(defines: ["__before_save_for_Post"]) { _ in nil }
        let slow = try TestServer.start(engine: silent.url, timeout: 0.2)
        let timedOut = try slow.client().post("/1.1/classes/Post", json: ["title": "t"])
        #expect(timedOut.text == #"{"code":141,"error":"LeanEngine request timeout."}"#)
        let down = try TestServer.start(engine: try closedPortURL())
        let refused = try down.client().post("/1.1/classes/Post", json: ["title": "t"])
        #expect(refused.status == 502)
    }

    @Test(arguments: ["/1.1/batch", "/1.1/batch/save"])
    func batchSubRequests_callTheHooksToo(path: String) throws {
        let engine = try FakeEngine(defines: ["__before_save_for_Post"]) { request in
            var object = FakeEngine.body(request)?["object"]?.objectValue ?? [:]
            object["ok"] = true
            return object["title"] == "bad" ? Self.refusal : FakeEngine.json(200, .object(object))
        }
        let emulator = try TestServer.start(engine: engine.url)
        let requests: JSON = ["requests": [
            ["method": "POST", "path": "/1.1/classes/Post", "body": ["title": "good"]],
            ["method": "POST", "path": "/1.1/classes/Post", "body": ["title": "bad"]],
        ]]
        let response = try emulator.client().post(path, json: requests)
        #expect(engine.requests(to: "/1.1/functions/Post/beforeSave").count == 2)
        if path == "/1.1/batch" {
            #expect(response.json?[1]?["error"]?["code"] == 142)
        } else {
            #expect(response.json?["code"] == 142)
        }
        let stored = try emulator.client(credentials: .masterKey).get("/1.1/classes/Post").json?["results"]?.arrayValue
        #expect(stored?.map { $0["ok"] } == [true])
    }
}
