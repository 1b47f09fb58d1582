import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// Placeholders in object keys (docs/custom-backends.md, "Templated keys"): rendered as text,
/// checked at load, and a key that renders empty or twice answers the author's 500 — in a
/// stub's response and in a resource's envelopes alike.
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

    // MARK: Resources follow the same rule

    @Test func aResourcesEnvelopeKey_rendersOrAnswersTheAuthors500() throws {
        let route: JSON = ["id": "docs", "resource": ["path": "/docs", "class": "Doc", "id": ["field": "docid"],
                                                      "item": ["envelope": ["{{request.path.id}}": "{{result}}"]],
                                                      "created": ["envelope": ["{{request.query.as}}": "{{result}}", "ok": true]]]]
        let added = try admin.post("/__admin/routes", json: route)
        #expect(added.status == 201, "\(added.text)")
        #expect(try device.post("/docs?as=doc", json: ["docid": "d1"]).text.hasPrefix(#"{"doc":{"#))
        #expect(try device.get("/docs/d1").json?["d1"]?["docid"] == "d1")

        let clash = try device.post("/docs?as=ok", json: ["docid": "d2"])
        #expect(clash.status == 500)
        #expect(clash.json?["error"] == "route 'docs': the key '{{request.query.as}}' rendered to 'ok', a key already present")
        let empty = try device.post("/docs", json: ["docid": "d3"])
        #expect(empty.status == 500)
        #expect(empty.json?["error"] == "route 'docs': the key '{{request.query.as}}' rendered to ''")
    }

    @Test func aResourceKeyThatCanOnlyRenderEmpty_isRefusedAtLoad() throws {
        let cases: [(JSONObject, String)] = [
            (["item": ["envelope": ["{{count}}": "{{result}}"]]], "resource.item.envelope.{{count}}: {{count}} is a list's only"),
            (["envelope": ["data": ["{{page}}": "{{result}}"]]], "resource.envelope.data.{{page}}: {{page}} is a list's only"),
            (["errorEnvelope": ["{{result.id}}": "{{error}}"]], "resource.errorEnvelope.{{result.id}}: {{result.id}} has no value in a failure"),
        ]
        for (extra, message) in cases {
            var resource: JSONObject = ["path": "/docs", "class": "Doc"]
            for (key, value) in extra { resource[key] = value }
            let refused = try admin.post("/__admin/routes", json: ["id": "docs", "resource": .object(resource)])
            #expect(refused.status == 400)
            #expect(refused.json?["error"]?.stringValue?.contains(message) == true, "\(refused.text)")
        }
        // A list's own envelope may: its numbers are there.
        let list: JSON = ["id": "docs", "resource": ["path": "/docs", "class": "Doc", "list": ["envelope": ["{{count}}": "{{result}}"]]]]
        #expect(try admin.post("/__admin/routes", json: list).status == 201)
        #expect(try device.get("/docs").text == #"{"0":[]}"#)
    }
}
