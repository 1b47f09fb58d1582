import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuRouting
import EmuTesting
import Testing

/// Which origins may call with cookies (`--cors-origins`), and what the answers say to them.
@Suite struct CORSOriginsTests {
    @Test(arguments: [
        ("http://localhost:5173", "http://localhost:5173", true),
        ("http://localhost:5173", "http://LOCALHOST:5173", true),
        ("http://localhost:5173", "http://localhost:5174", false),
        ("http://localhost:5173", "https://localhost:5173", false),
        ("http://localhost:*", "http://localhost:3001", true),
        ("http://localhost:*", "http://localhost", true),
        ("http://localhost:*", "http://localhost.evil.com", false),
        ("http://localhost:*", "http://localhost:80x", false),
        ("http://localhost:*", "http://localhost:", false),
    ])
    func matching(pattern: String, origin: String, allowed: Bool) throws {
        #expect(try CORSOrigins([pattern]).contains(origin) == allowed)
    }

    @Test(arguments: ["localhost:5173", "http://localhost:5173/", "http://localhost:5173/app", "*", "http://", "ht tp://x", "http://a b"])
    func notAnOrigin_isRefused(pattern: String) {
        #expect(throws: ConfigurationError.self) { try CORSOrigins([pattern]) }
    }
}

@Suite struct CORSResponseTests {
    static let page = "http://localhost:5173"

    private func emulator(_ origins: [String] = [page]) throws -> TestServer {
        try TestServer.start { $0.corsOrigins = try! CORSOrigins(origins) }
    }

    @Test func anAllowedOrigin_getsItsOriginBack_withCredentials() throws {
        let response = try emulator().inProcessClient().get("/1.1/date", headers: ["Origin": Self.page])
        #expect(response.headers["Access-Control-Allow-Origin"] == Self.page)
        #expect(response.headers["Access-Control-Allow-Credentials"] == "true")
        #expect(response.headers.values(for: "Vary").contains("Origin"))
    }

    @Test func errorsToAnAllowedOrigin_tooSoThePageCanReadThem() throws {
        let response = try emulator().inProcessClient(credentials: .none).get("/1.1/classes/Post", headers: ["Origin": Self.page])
        #expect(response.status == 401)
        #expect(response.headers["Access-Control-Allow-Credentials"] == "true")
    }

    @Test func anotherOrigin_getsTheWildcard_withoutCredentials() throws {
        let response = try emulator().inProcessClient().get("/1.1/date", headers: ["Origin": "http://elsewhere.test"])
        #expect(response.headers["Access-Control-Allow-Origin"] == "*")
        #expect(response.headers["Access-Control-Allow-Credentials"] == nil)
    }

    @Test func withNoneConfigured_everyAnswerIsTheWildcard_withNoVary() throws {
        let response = try emulator([]).inProcessClient().get("/1.1/date", headers: ["Origin": Self.page])
        #expect(response.headers["Access-Control-Allow-Origin"] == "*")
        #expect(response.headers["Access-Control-Allow-Credentials"] == nil)
        #expect(response.headers["Vary"] == nil)
    }

    /// JSON answers carry the wildcard in their shared headers (`CORS.decorate` knows them by
    /// their storage); answers whose headers were changed or are their own get it added: once, either way.
    @Test(arguments: ["/1.1/date", "/1.1/classes/Post", "/1.1/no-such-route", "/api/captcha/login"])
    func everyAnswer_carriesTheWildcardOnce(path: String) throws {
        let client = try emulator([]).inProcessClient(credentials: path == "/1.1/classes/Post" ? .none : .appKey)
        let response = try client.get(path)
        #expect(response.headers.values(for: "Access-Control-Allow-Origin") == ["*"])
    }

    @Test func theStandardJSONHeaders_areKnownByTheirStorage_untilChanged() {
        var response = APIResponse(json: ["a": 1])
        #expect(APIResponse.areStandardJSONHeaders(response.headers))
        #expect(APIResponse.areStandardJSONHeaders(APIError(.objectNotFound).response.headers))
        response.headers.add("X-Extra", "1")
        #expect(!APIResponse.areStandardJSONHeaders(response.headers))
        #expect(!APIResponse.areStandardJSONHeaders(APIResponse(contentType: "image/png", body: []).headers))
        #expect(!APIResponse.areStandardJSONHeaders(["Content-Type": "application/json;charset=utf-8", "Cache-Control": "no-cache,no-store",
                                                    "Pragma": "no-cache", "Access-Control-Allow-Origin": "*"]))
    }

    @Test(arguments: [(page, true), ("http://elsewhere.test", false)])
    func preflight_grantsCredentials_onlyToAllowedOrigins(origin: String, granted: Bool) throws {
        let response = try emulator().inProcessClient(credentials: .none).send(
            "OPTIONS", "/api/login", headers: ["Origin": origin, "Access-Control-Request-Method": "POST",
                                               "Access-Control-Request-Headers": "content-type, x-xsrf-token"])
        #expect(response.status == 200)
        #expect(response.headers["Access-Control-Allow-Origin"] == origin)
        #expect((response.headers["Access-Control-Allow-Credentials"] == "true") == granted)
        #expect(response.headers["Access-Control-Allow-Headers"] == "content-type, x-xsrf-token")
    }

    /// The cookie-session log-in from a page on another origin: every step readable by the page.
    @Test func theWebLogIn_fromAnAllowedPage_isReadableAtEveryStep() throws {
        let emulator = try emulator()
        _ = try emulator.createUser("alice", fields: ["email": "alice@example.com"])
        var browser = TestBrowser(emulator.inProcessClient(), origin: Self.page)
        let captcha = try browser.get("/api/captcha/login")
        #expect(captcha.headers["Access-Control-Allow-Credentials"] == "true")
        let login = try browser.post("/api/login", form: [("email", "alice@example.com"), ("password", "x")])
        #expect(login.headers["Access-Control-Allow-Origin"] == Self.page)
        #expect(login.headers["Access-Control-Allow-Credentials"] == "true")
    }
}
