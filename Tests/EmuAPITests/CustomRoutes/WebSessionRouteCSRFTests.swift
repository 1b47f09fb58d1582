import EmuTestSupport
import EmuAPI
import EmuData
import EmuHTTP
import EmuTesting
import LCWire
import Testing

/// A custom route or resource that changes data for an `/api` cookie-session caller is held to
/// the `/api` flow's CSRF rule (`webLoginCsrf`, docs/web-login.md "CSRF and native clients"):
/// any page in the browser can post a form that carries the `sid` cookie, so a browser's write
/// must echo the session's `X-XSRF-TOKEN`, or it is refused with the flow's own 801. Native
/// clients (no `Origin`, no `Sec-Fetch-Site`) pass, as they log in.
@Suite struct WebSessionRouteCSRFTests {
    static let csrfRefusal: JSON = ["code": 801, "msg": ["csrf_validate_failed": "The CSRF token is missing or wrong."]]

    static let starRoute: JSON = [
        "id": "star", "auth": ["require": "webSession"],
        "request": ["method": "POST", "path": "/api/projects/:id/star"],
        "actions": [["name": "project", "update": ["class": "Project", "where": ["name": "{{request.path.id}}"], "increment": ["stars": 1]]]],
        "response": ["json": ["code": 0, "data": "{{actions.project}}"]],
    ]

    static let projectsResource: JSON = [
        "id": "projects", "resource": [
            "path": "/api/projects", "class": "Project", "auth": ["require": "webSession"],
            "id": ["field": "id", "type": "integer", "auto": true],
            "fields": ["id": "integer", "name": "string", "stars": "integer",
                       "owner": ["type": "string", "default": "{{caller.username}}"]],
            "where": ["owner": "{{caller.username}}"],
            "envelope": ["code": 0, "data": "{{result}}"],
        ],
    ]

    /// A logged-in session of `alice` with the routes, in `mode`.
    static func loggedIn(_ mode: WebLoginOptions.CSRFMode? = nil) throws -> WebLoginFixture {
        var fixture = try WebLoginFixture { if let mode { $0.csrf = mode } }
        let admin = fixture.emulator.inProcessClient(credentials: .masterKey)
        #expect(try admin.post("/__admin/routes", json: starRoute).status == 201)
        #expect(try admin.post("/__admin/routes", json: projectsResource).status == 201)
        #expect(try admin.post("/1.1/classes/Project", json: ["id": 1, "name": "p1", "owner": "alice", "stars": 0]).status == 201)
        _ = try fixture.browser.get("/api/captcha/login")
        #expect(try fixture.browser.post("/api/login", form: WebLoginFixture.form()).json?["code"] == 0)
        return fixture
    }

    func stars(_ fixture: WebLoginFixture) throws -> JSON? {
        try fixture.emulator.inProcessClient(credentials: .masterKey).get("/1.1/classes/Project?where=%7B%22id%22%3A1%7D")
            .json?["results"]?[0]?["stars"]
    }

    @Test(arguments: [("Origin", "http://evil.test"), ("Origin", "null"), ("Origin", "http://localhost:8080"),
                      ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Site", "same-site")])
    func aBrowsersWriteWithoutTheToken_isRefusedInTheFlowsEnvelope(header: String, value: String) throws {
        var fixture = try Self.loggedIn()
        fixture.browser.echoesCSRF = false
        let cookie = fixture.browser.cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        let page = fixture.emulator.inProcessClient(credentials: .none)
        let form: HTTPHeaders = ["Cookie": cookie, header: value, "Content-Type": "application/x-www-form-urlencoded"]

        let starred = try page.send("POST", "/api/projects/p1/star", body: Array("x=1".utf8), headers: form)
        #expect(starred.status == 200)
        #expect(starred.json == Self.csrfRefusal)
        let created = try page.send("POST", "/api/projects", body: Array("name=evil".utf8), headers: form)
        #expect(created.json == Self.csrfRefusal)
        let updated = try page.send("PUT", "/api/projects/1", body: Array("name=evil".utf8), headers: form)
        #expect(updated.json == Self.csrfRefusal)
        let deleted = try page.send("DELETE", "/api/projects/1", headers: [header: value, "Cookie": cookie])
        #expect(deleted.json == Self.csrfRefusal)

        // Nothing was written; reading is not a write (the browser's CORS rule guards what a page reads).
        #expect(try stars(fixture) == 0)
        let listed = try page.get("/api/projects", headers: [header: value, "Cookie": cookie])
        #expect(listed.json?["data"]?.arrayValue?.map { $0["name"] } == ["p1"])
    }

    @Test func aBrowserWithTheSessionsToken_andANativeClient_write() throws {
        var fixture = try Self.loggedIn()
        // The app's own page: it echoes XSRF-TOKEN, as the /api flow expects.
        fixture.browser.origin = "http://127.0.0.1:3000"
        let starred = try fixture.browser.post("/api/projects/p1/star")
        #expect(starred.json?["code"] == 0)
        #expect(try stars(fixture) == 1)
        let created = try fixture.browser.post("/api/projects", form: [("name", "p2")])
        #expect(created.json?["data"]?["owner"] == "alice")

        // A forged token from a browser is refused.
        var forged = fixture.browser
        forged.cookies["XSRF-TOKEN"] = "forged"
        #expect(try forged.post("/api/projects/p1/star").json == Self.csrfRefusal)

        // A native client (jar cookies, no Origin, no token) writes, as it logs in.
        var native = fixture.browser
        native.origin = nil
        native.echoesCSRF = false
        #expect(try native.post("/api/projects/p1/star").json?["code"] == 0)
        #expect(try stars(fixture) == 2)
        #expect(try native.send("DELETE", "/api/projects/2", body: []).json?["code"] == 0)
    }

    @Test func theModeIsTheFlows() throws {
        // `true`: a native client must echo the token too.
        var always = try Self.loggedIn(.always)
        always.browser.echoesCSRF = false
        #expect(try always.browser.post("/api/projects/p1/star").json == Self.csrfRefusal)
        always.browser.echoesCSRF = true
        #expect(try always.browser.post("/api/projects/p1/star").json?["code"] == 0)

        // `false`: no request is checked (the pitfall LeanCloud's docs warn about, chosen by the developer).
        var never = try Self.loggedIn(.never)
        never.browser.echoesCSRF = false
        never.browser.origin = "http://evil.test"
        #expect(try never.browser.post("/api/projects/p1/star").json?["code"] == 0)
    }

    @Test func otherKindsOfCaller_areNotCookieSessions_andAreNotChecked() throws {
        let emulator = try TestServer.start(seeded: true)
        let admin = emulator.inProcessClient(credentials: .masterKey)
        var route = Self.starRoute.objectValue ?? [:]
        route["auth"] = ["require": ["webSession", "lcSession"]]
        #expect(try admin.post("/__admin/routes", json: .object(route)).status == 201)
        #expect(try admin.post("/1.1/classes/Project", json: ["name": "p1", "stars": 0]).status == 201)
        // A session token is sent by script, never by a cross-site form: no CSRF token needed.
        let token = try emulator.sessionToken(forUser: TestServer.seedUserId)
        let answer = try emulator.inProcessClient(credentials: .none)
            .post("/api/projects/p1/star", headers: ["X-LC-Session": token, "Origin": "http://127.0.0.1:3000"])
        #expect(answer.json?["code"] == 0)
    }
}
