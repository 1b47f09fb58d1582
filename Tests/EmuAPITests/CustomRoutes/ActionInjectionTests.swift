import EmuTestSupport
import EmuAPI
import EmuData
import EmuHTTP
import EmuTesting
import LCWire
import Testing

/// What a request supplies to an action's write is data, never its shape (`Template.written`):
/// a whole-value placeholder from the request gives one value, and a templated key must render
/// to a field a client could set. A GET that writes for a cookie caller always needs the token.
@Suite struct ActionInjectionTests {
    static let bump: JSON = [
        "id": "bump", "request": ["method": "GET", "path": "/bump"],
        "actions": [["name": "c", "update": ["class": "Note", "where": ["k": "a"],
                                             "set": ["v": "{{request.body.v}}", "{{request.query.key}}": "{{request.body.w}}"]]]],
        "response": ["json": ["ok": "{{actions.c}}"]],
    ]

    static func emulator() throws -> (TestServer, TestClient) {
        let emulator = try TestServer.start(seeded: true)
        let admin = emulator.inProcessClient(credentials: .masterKey)
        #expect(try admin.post("/__admin/routes", json: bump).status == 201)
        #expect(try admin.post("/1.1/classes/Note", json: ["k": "a", "v": "kept", "owner": "alice",
                                                           "ACL": ["role:admin": ["read": true, "write": true]]]).status == 201)
        return (emulator, admin)
    }

    static func note(_ admin: TestClient) throws -> JSON? {
        try admin.get("/1.1/classes/Note").json?["results"]?[0]
    }

    @Test(arguments: [
        ("ACL", #"{"v":"x","w":{"*":{"read":true,"write":true}}}"#),
        ("owner", #"{"v":{"__op":"Delete"},"w":"bob"}"#),
        ("owner", #"{"v":{"__type":"Pointer","className":"_User","objectId":"abc"},"w":"bob"}"#),
        ("owner", #"{"v":"x","w":{"__op":"Delete"}}"#),
        ("objectId", #"{"v":"x","w":"y"}"#),
        ("_hidden", #"{"v":"x","w":"y"}"#),
    ])
    func aRequestCannotWriteAnOperatorAPointerOrAChosenReservedField(key: String, body: String) throws {
        let (emulator, admin) = try Self.emulator()
        let page = emulator.inProcessClient(credentials: .none)
        let answer = try page.send("GET", "/bump?key=\(key)", body: Array(body.utf8), headers: ["Content-Type": "application/json"])
        #expect(answer.status == 400)
        #expect(answer.json?["code"] != nil)
        let note = try Self.note(admin)
        #expect(note?["v"] == "kept")
        #expect(note?["owner"] == "alice")
        // Its ACL is still the admins' alone: the app key reads nothing.
        #expect(try emulator.inProcessClient().get("/1.1/classes/Note").json?["results"]?.arrayValue?.count == 0)
    }

    @Test func singleValuesFromTheRequestAreWritten() throws {
        let (emulator, admin) = try Self.emulator()
        let page = emulator.inProcessClient(credentials: .none)
        let answer = try page.send("GET", "/bump?key=title", body: Array(#"{"v":"new","w":"hello"}"#.utf8),
                                   headers: ["Content-Type": "application/json"])
        #expect(answer.status == 200)
        let note = try Self.note(admin)
        #expect(note?["v"] == "new")
        #expect(note?["title"] == "hello")
    }

    @Test func aSumIsOneAggregateOverTheFilter() throws {
        let emulator = try TestServer.start(seeded: true)
        let admin = emulator.inProcessClient(credentials: .masterKey)
        let route: JSON = [
            "id": "total", "request": ["method": "GET", "path": "/total"],
            "actions": [["name": "s", "sum": ["class": "Sale", "field": "amount", "where": ["shop": "a"]]]],
            "response": ["json": ["total": "{{actions.s}}"]],
        ]
        #expect(try admin.post("/__admin/routes", json: route).status == 201)
        for (shop, amount) in [("a", JSON(2)), ("a", JSON(3.5)), ("b", JSON(100))] {
            #expect(try admin.post("/1.1/classes/Sale", json: ["shop": .string(shop), "amount": amount]).status == 201)
        }
        #expect(try admin.post("/1.1/classes/Sale", json: ["shop": "a"]).status == 201)
        #expect(try emulator.inProcessClient(credentials: .none).get("/total").json?["total"] == 5.5)
    }

    @Test func aGetThatWritesForACookieCaller_needsTheTokenWithNoBrowserHeader() throws {
        var fixture = try WebSessionRouteCSRFTests.loggedIn()
        let admin = fixture.emulator.inProcessClient(credentials: .masterKey)
        let route: JSON = [
            "id": "starget", "auth": ["require": "webSession"], "request": ["method": "GET", "path": "/api/star"],
            "actions": [["name": "p", "update": ["class": "Project", "where": ["name": "p1"], "increment": ["stars": 1]]]],
            "response": ["json": ["code": 0]],
        ]
        #expect(try admin.post("/__admin/routes", json: route).status == 201)
        fixture.browser.echoesCSRF = false
        let cookie = fixture.browser.cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        let page = fixture.emulator.inProcessClient(credentials: .none)
        // An <img> over plain http to a LAN name: the cookie, and neither Origin nor Sec-Fetch-Site.
        let refused = try page.get("/api/star", headers: ["Cookie": cookie])
        #expect(refused.json == WebSessionRouteCSRFTests.csrfRefusal)
        #expect(try WebSessionRouteCSRFTests().stars(fixture) == 0)
        let xsrf = fixture.browser.cookies["XSRF-TOKEN"] ?? ""
        let echoed = try page.get("/api/star", headers: ["Cookie": cookie, "X-XSRF-TOKEN": xsrf])
        #expect(echoed.json == ["code": 0])
        #expect(try WebSessionRouteCSRFTests().stars(fixture) == 1)
    }
}
