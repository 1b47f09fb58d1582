import EmuTestSupport
import EmuHTTP
import EmuTesting
import LCWire
import Testing

@Suite struct MethodOverrideEnvelopeTests {
    let emulator: TestServer

    init() throws { emulator = try TestServer.start(open: TestRoutes.emulator) }

    /// A text/plain POST with no auth headers, as a browser form or a beacon would send it.
    private func envelope(_ tier: Tier, _ path: String, _ body: JSONObject, contentType: String = "text/plain;charset=UTF-8") throws -> TestClient.Response {
        var object: JSONObject = ["_ApplicationId": .string(emulator.app.appId), "_ApplicationKey": .string(emulator.app.appKey)]
        for member in body { object[member.key] = member.value }
        return try emulator.client(tier, credentials: .none)
            .send("POST", path, body: JSON.object(object).serialized(), headers: ["Content-Type": contentType])
    }

    @Test(arguments: Tier.inProcessAndSocket)
    func envelopeGET_reachesTheRealRoute(tier: Tier) throws {
        let response = try envelope(tier, "/1.1/date", ["_method": "GET"])
        #expect(response.status == 200)
        #expect(response.json?["__type"] == "Date")
    }

    @Test(arguments: Tier.inProcessAndSocket)
    func envelopeGET_turnsRemainingKeysIntoQueryParameters(tier: Tier) throws {
        let response = try envelope(tier, "/1.1/test/echo?limit=2", ["_method": "GET", "where": ["a": 1], "keys": "a", "n": 3])
        #expect(response.json?["method"] == "GET")
        #expect(response.json?["query"] == ["limit": "2", "where": #"{"a":1}"#, "keys": "a", "n": "3"])
        #expect(response.json?["body"] == .null)
    }

    @Test(arguments: Tier.inProcessAndSocket)
    func envelopePUT_stripsSingleUnderscoreKeys_keepsDoubleUnderscoreKeys(tier: Tier) throws {
        let response = try envelope(tier, "/1.1/test/echo/abc", [
            "_method": "PUT", "_SessionToken": "tok", "_ApplicationProduction": 0, "_Other": 1,
            "title": "x", "__ignore_hooks": ["beforeSave"],
        ])
        #expect(response.status == 200)
        #expect(response.json?["method"] == "PUT")
        #expect(response.json?["objectId"] == "abc")
        #expect(response.json?["body"] == ["title": "x", "__ignore_hooks": ["beforeSave"]])
        #expect(response.json?["session"] == "tok")
        #expect(response.json?["prod"] == "0")
        #expect(response.json?["isMaster"] == false)
        #expect(response.json?["contentType"] == "application/json")
    }

    @Test func envelopeDELETE_andPOST_withoutMethod() throws {
        let delete = try envelope(.inProcess, "/1.1/test/echo/abc", ["_method": "delete", "where": ["n": 1]])
        #expect(delete.json?["method"] == "DELETE")
        #expect(delete.json?["query"] == ["where": #"{"n":1}"#])
        let post = try envelope(.inProcess, "/1.1/test/echo", ["a": 1])
        #expect(post.json?["method"] == "POST")
        #expect(post.json?["body"] == ["a": 1])
    }

    @Test func envelopeMasterKey_grantsMaster() throws {
        let response = try envelope(.inProcess, "/1.1/test/master", ["_method": "GET", "_MasterKey": .string(emulator.app.masterKey)])
        #expect(response.status == 200)
        #expect(response.json == ["ok": true])
        let suffixed = try envelope(.inProcess, "/1.1/test/master", [
            "_method": "GET", "_ApplicationKey": .string(emulator.app.masterKey + ",master"),
        ])
        #expect(suffixed.status == 200)
    }

    @Test(arguments: Tier.inProcessAndSocket)
    func envelopeWithWrongKey_is401(tier: Tier) throws {
        let response = try envelope(tier, "/1.1/date", ["_method": "GET", "_ApplicationKey": "wrong"])
        #expect(response.status == 401)
        #expect(response.json == ["code": 401, "error": "Unauthorized."])
    }

    @Test func jsonPOST_withMethodKey_isNoEnvelope() throws {
        let response = try envelope(.inProcess, "/1.1/test/echo", ["_method": "GET"], contentType: "application/json")
        // Not text/plain: no credentials were taken from the body, so the request is refused.
        #expect(response.status == 401)
    }

    /// `text/plain` in any ASCII case, with blanks around it and parameters after it (a leading
    /// `;` goes the general way, which drops it) is an envelope; anything else is not.
    @Test(arguments: ["text/plain", "TEXT/Plain", " text/plain ; charset=UTF-8", "\ttext/plain\t", "text/plain;", ";text/plain"])
    func envelope_inEveryPlainTextSpelling(contentType: String) throws {
        let response = try envelope(.inProcess, "/1.1/test/echo", ["_method": "GET"], contentType: contentType)
        #expect(response.status == 200)
        #expect(response.json?["method"] == "GET")
    }

    @Test(arguments: ["text/plainx", "text/plai", "xtext/plain", "text/ plain", "text/html", "", ";", "text\u{2F}plainé"])
    func noEnvelope_forOtherMediaTypes(contentType: String) throws {
        let response = try envelope(.inProcess, "/1.1/test/echo", ["_method": "GET"], contentType: contentType)
        // No credentials were taken from the body, so the request is refused.
        #expect(response.status == 401)
    }

    @Test func envelopeWithNonStringMethod_is107() throws {
        let response = try envelope(.inProcess, "/1.1/date", ["_method": 1])
        #expect(response.status == 400)
        #expect(response.json?["code"] == 107)
    }

    @Test func plainTextBody_thatIsNoJSONObject_isLeftAlone() throws {
        let response = try emulator.client(.inProcess)
            .send("POST", "/1.1/test/echo", body: Array("hello".utf8), headers: ["Content-Type": "text/plain"])
        #expect(response.status == 400)
        #expect(response.json?["code"] == 107)
    }
}
