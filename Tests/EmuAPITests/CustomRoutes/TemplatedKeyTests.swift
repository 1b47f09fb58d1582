import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// Placeholders in object keys (docs/custom-backends.md, "Templated keys"): rendered as text,
/// checked at load, and a key that renders empty or twice answers the author's 500.
@Suite struct TemplatedKeyTests {
    let emulator: TestServer
    let admin: TestClient
    let device: TestClient

    init() throws {
        emulator = try TestServer.start()
        admin = emulator.inProcessClient(credentials: .masterKey)
        device = emulator.inProcessClient(credentials: .none)
    }

    @Test func aKeyFromAPathCapture_isRendered() throws {
        let route: JSON = ["id": "news", "request": ["method": "GET", "path": "/news/:docid"],
                           "response": ["json": ["{{request.path.docid}}": ["title": "t", "id": "{{request.path.docid}}"]]]]
        #expect(try admin.post("/__admin/routes", json: route).status == 201)
        let response = try device.get("/news/abc-1")
        #expect(response.status == 200)
        #expect(response.text == #"{"abc-1":{"title":"t","id":"abc-1"}}"#)
    }

    @Test func twoKeysRenderingAlike_answer500_namingRouteAndKey() throws {
        let route: JSON = ["id": "twice", "request": ["path": "/twice"],
                           "response": ["json": ["{{request.query.a}}": 1, "{{request.query.b}}": 2]]]
        _ = try admin.post("/__admin/routes", json: route)
        #expect(try device.get("/twice?a=x&b=y").text == #"{"x":1,"y":2}"#)
        let clash = try device.get("/twice?a=x&b=x")
        #expect(clash.status == 500)
        #expect(clash.json?["error"] == "route 'twice': the key '{{request.query.b}}' rendered to 'x', a key already present")
        let empty = try device.get("/twice?b=y")
        #expect(empty.status == 500)
        #expect(empty.json?["error"] == "route 'twice': the key '{{request.query.a}}' rendered to ''")
    }

    @Test func anUndefinedPlaceholderInAKey_isRefusedAtLoad() throws {
        let route: JSON = ["id": "bad", "request": ["path": "/bad/:id"], "response": ["json": ["data": ["{{request.path.docid}}": 1]]]]
        let refused = try admin.post("/__admin/routes", json: route)
        #expect(refused.status == 400)
        #expect(refused.json?["error"]?.stringValue?.contains(
            "route 'bad': response.json.data.{{request.path.docid}}: {{request.path.docid}} names no path capture (captures: id)") == true)
    }
}
