import EmuTestSupport
import Dispatch
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// `/__admin/routes` and `/__admin/scenarios`: list, add, replace, remove; scenarios; and the
/// clear 400 of every malformed definition.
@Suite struct CustomRouteAdminTests {
    let emulator: TestServer
    let admin: TestClient
    let device: TestClient

    init() throws {
        emulator = try TestServer.start()
        admin = emulator.inProcessClient(credentials: .masterKey)
        device = emulator.inProcessClient(credentials: .none)
    }

    @Test func routesAreListed_withTheirSource_replaced_andRemoved() throws {
        _ = try admin.post("/__admin/routes", json: ["id": "a", "request": ["path": "/a"], "response": ["json": ["v": 1]]])
        let listed = try #require(try admin.get("/__admin/routes").json?["results"]?[0])
        #expect(listed["id"] == "a" && listed["source"] == "api" && listed["request"]?["path"] == "/a")
        #expect(try admin.post("/__admin/routes", json: ["id": "a", "request": ["path": "/a"]]).status == 400)
        #expect(try admin.put("/__admin/routes/a", json: ["request": ["path": "/a"], "response": ["json": ["v": 2]]]).status == 200)
        #expect(try device.get("/a").json?["v"] == 2)
        #expect(try admin.get("/__admin/routes/a").json?["response"]?["json"]?["v"] == 2)
        #expect(try admin.delete("/__admin/routes/a").json?["deleted"] == 1)
        #expect(try admin.get("/__admin/routes/a").status == 404)
        #expect(try device.get("/a").status == 404)
        #expect(try emulator.inProcessClient().get("/__admin/routes").status == 401)
    }

    @Test func aScenario_failsFirst_thenSucceeds_andCanBeSetAndReset() throws {
        _ = try admin.post("/__admin/routes", json: ["id": "first", "request": ["path": "/pay"],
            "scenario": ["name": "pay", "requiredState": "Started", "newState": "retried"], "response": ["status": 503, "json": ["code": "1"]]])
        _ = try admin.post("/__admin/routes", json: ["id": "then", "request": ["path": "/pay"],
            "scenario": ["name": "pay", "requiredState": "retried"], "response": ["json": ["code": "0"]]])
        #expect(try device.get("/pay").status == 503)
        #expect(try device.get("/pay").json?["code"] == "0")
        #expect(try admin.get("/__admin/scenarios").json == ["results": [["name": "pay", "state": "retried"]]])
        #expect(try admin.delete("/__admin/scenarios").status == 200)
        #expect(try device.get("/pay").status == 503)
        #expect(try admin.put("/__admin/scenarios/pay", json: ["state": "Started"]).json?["state"] == "Started")
        #expect(try device.get("/pay").status == 503)
    }

    @Test func concurrentRequests_takeAScenarioStepOnce() throws {
        _ = try admin.post("/__admin/routes", json: ["id": "once", "request": ["path": "/once"],
            "scenario": ["name": "once", "requiredState": "Started", "newState": "done"], "response": ["status": 201]])
        let statuses = Locked<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let status = (try? device.get("/once").status) ?? 0
            statuses.withValue { $0.append(status) }
        }
        #expect(statuses.current.filter { $0 == 201 }.count == 1)
        #expect(statuses.current.filter { $0 == 404 }.count == 15)
    }

    @Test(arguments: [
        (#"[]"#, "expected an object"),
        (#"{"request":{"path":"/a"},"reponse":{}}"#, "reponse: unknown field"),
        (#"{"request":{"path":"a"}}"#, "request.path: must start with /"),
        (#"{"request":{"path":"/a","body":{"x":{"like":"y"}}}}"#, "request.body.x.like: unknown matcher"),
        (#"{"request":{"path":"/a","query":{"x":{"matches":"(unclosed"}}}}"#, "request.query.x.matches: regex '(unclosed' does not compile"),
        (#"{"request":{"path":"/a"},"response":{"json":{"d":"{{request.path.id}}"}}}"#, "response.json.d: {{request.path.id}} names no path capture"),
        (#"{"request":{"path":"/a"},"response":{"body":"{{nothing}}"}}"#, "response.body: {{nothing}} names nothing"),
        (#"{"request":{"path":"/a"},"response":{"status":99}}"#, "response.status: expected an integer in 100...599"),
        (#"{"request":{"path":"/a"},"response":{"delayMs":60001}}"#, "response.delayMs"),
        (#"{"request":{"path":"/a"},"response":{"json":1,"body":"x"}}"#, "at most one of json, body and bodyFile"),
        (#"{"request":{"path":"/a"},"response":{"bodyFile":"/no/such/file"}}"#, "response.bodyFile: this app has no routes folder"),
        (#"{"request":{"path":"/a"},"response":{"headers":{"X":"a\nb"}}}"#, "response.headers.X"),
        (#"{"request":{"path":"/a"},"response":{"headers":{"X(1)":"a"}}}"#, "response.headers.X(1)"),
        (#"{"request":{"path":"/a"},"response":{"headers":{"X@Y":"a"}}}"#, "response.headers.X@Y"),
        (#"{"resource":{"path":"/f","class":"bad class"}}"#, "resource.class"),
        (#"{"resource":{"path":"/u","class":"_User"}}"#, "resource.class: '_User' is a system class"),
        (#"{"resource":{"path":"/f","class":"F","envelope":"{{nope}}"}}"#, "resource.envelope: {{nope}} names nothing"),
        (#"{"request":{"path":"/a"},"scenario":{"name":"s"}}"#, "scenario: give requiredState, newState, or both"),
        (#"{"id":"bad id!","request":{"path":"/a"}}"#, "id: expected"),
    ])
    func aMalformedDefinition_isA400_namingTheField(body: String, expected: String) throws {
        let response = try admin.send("POST", "/__admin/routes", body: Array(body.utf8))
        #expect(response.status == 400)
        #expect(response.json?["code"] == 1)
        let message = response.json?["error"]?.stringValue ?? ""
        #expect(message.hasPrefix("Invalid route: "), "\(message)")
        #expect(message.contains(expected), "\(message)")
        #expect(try admin.get("/__admin/routes").json?["results"]?.arrayValue?.isEmpty == true)
    }

    @Test func aDefinitionOverTheBodyLimit_isA400() throws {
        let big = String(repeating: "x", count: 1 << 20)
        let response = try admin.post("/__admin/routes", json: ["request": ["path": "/a"], "response": ["body": .string(big)]])
        #expect(response.status == 400)
        #expect(response.json?["error"]?.stringValue?.contains("over the 1048576-byte limit") == true)
    }

    @Test func reloadWithoutFiles_saysSo() throws {
        let response = try admin.post("/__admin/routes/reload")
        #expect(response.status == 400 && response.json?["error"]?.stringValue?.contains("--routes") == true)
    }
}
