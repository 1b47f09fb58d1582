import EmuAPI
import EmuHTTP
import EmuTestSupport
import EmuTesting
import LCWire
import Testing

/// `webLoginCsrf`'s three modes (docs/web-login.md, "CSRF and native clients"): the default
/// `"browser"` checks the POSTs a browser sent (`Origin` or `Sec-Fetch-Site`) and lets native
/// clients, which send neither and never echo `X-XSRF-TOKEN`, log in as the real service did.
@Suite struct WebLoginCSRFModeTests {
    static let refused = #"{"code":801,"msg":{"csrf_validate_failed":"The CSRF token is missing or wrong."}}"#

    /// A POST carrying the jar's cookies, `headers`, and no `X-XSRF-TOKEN`: a native client
    /// (no headers) or a page that cannot read the token.
    static func post(_ browser: inout TestBrowser, _ path: String, form: [(String, String)] = [],
                     headers extra: HTTPHeaders = [:]) throws -> TestClient.Response {
        browser.echoesCSRF = false
        let saved = browser.origin
        browser.origin = nil
        defer { browser.origin = saved }
        var headers = extra
        headers.add("Cookie", browser.cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        headers.add("Content-Type", "application/x-www-form-urlencoded")
        return try browser.client.send("POST", path, body: Array(TestBrowser.formEncoded(form).utf8), headers: headers)
    }

    /// A fixture whose browser holds a live session from `captcha/login`.
    static func withSession(_ configure: (inout WebLoginOptions) -> Void = { _ in }) throws -> WebLoginFixture {
        var fixture = try WebLoginFixture(configure)
        _ = try fixture.browser.get("/api/captcha/login")
        #expect(fixture.browser.cookies["sid"] != nil)
        return fixture
    }

    @Test func browserMode_isTheDefault_andANativeClient_logsInWithoutTheToken() throws {
        var fixture = try Self.withSession()
        #expect(try fixture.app.configuration.options.webLogin.csrfMode == .browser)
        let login = try Self.post(&fixture.browser, "/api/login", form: WebLoginFixture.form())
        #expect(login.json?["code"] == 0)
        #expect(login.json?["data"]?["objectId"]?.stringValue == fixture.userId)
        #expect(try fixture.browser.get("/api/current_user").json?["code"] == 0)
        // Log-out of a native client: no token either.
        #expect(try Self.post(&fixture.browser, "/api/logout").json?["code"] == 0)
        #expect(try fixture.browser.get("/api/current_user").json?["code"] == 1000)
    }

    @Test(arguments: [
        ["Origin": "http://evil.test"],
        // A page on another port of localhost: same site, so the browser sends the cookies.
        ["Origin": "http://localhost:8080"],
        ["Origin": "null"],
        // A page of the emulator's own origin: browsers send Origin on same-origin POSTs too.
        ["Origin": "http://127.0.0.1:3000"],
        ["Sec-Fetch-Site": "cross-site"],
        ["Sec-Fetch-Site": "same-site"],
        ["Sec-Fetch-Site": "same-origin"],
    ] as [[String: String]])
    func browserMode_checksEveryRequestABrowserSent(headers: [String: String]) throws {
        var fixture = try Self.withSession()
        var extra: HTTPHeaders = [:]
        for (name, value) in headers { extra.add(name, value) }
        #expect(try Self.post(&fixture.browser, "/api/login", form: WebLoginFixture.form(), headers: extra).text == Self.refused)
        #expect(try fixture.browser.get("/api/current_user").json?["code"] == 1000)
        // The same page with the token (the app's own page, which reads the cookie) passes.
        fixture.browser.echoesCSRF = true
        fixture.browser.origin = headers["Origin"] ?? "http://127.0.0.1:3000"
        #expect(try fixture.browser.post("/api/login", form: WebLoginFixture.form()).json?["code"] == 0)
        // A browser's log-out without the token is refused and the session survives.
        #expect(try Self.post(&fixture.browser, "/api/logout", headers: extra).text == Self.refused)
        #expect(try fixture.browser.get("/api/current_user").json?["code"] == 0)
    }

    @Test func browserMode_aBrowserWithAForgedToken_isRefused() throws {
        var fixture = try Self.withSession()
        let forged: HTTPHeaders = ["Origin": "http://localhost:8080", "X-XSRF-TOKEN": "forged"]
        #expect(try Self.post(&fixture.browser, "/api/login", form: WebLoginFixture.form(), headers: forged).text == Self.refused)
    }

    @Test func alwaysMode_checksNativeClientsToo() throws {
        var fixture = try Self.withSession { $0.csrf = .always }
        #expect(try Self.post(&fixture.browser, "/api/login", form: WebLoginFixture.form()).text == Self.refused)
        fixture.browser.echoesCSRF = true
        #expect(try fixture.browser.post("/api/login", form: WebLoginFixture.form()).json?["code"] == 0)
    }

    @Test func neverMode_checksNoBrowserEither() throws {
        var fixture = try Self.withSession { $0.csrf = .never }
        let login = try Self.post(&fixture.browser, "/api/login", form: WebLoginFixture.form(), headers: ["Origin": "http://evil.test"])
        #expect(login.json?["code"] == 0)
    }

    @Test(arguments: [(JSON(true), WebLoginOptions.CSRFMode.always), (JSON(false), .never), (JSON("browser"), .browser)])
    func config_readsTheThreeModes(value: JSON, mode: WebLoginOptions.CSRFMode) throws {
        var object = JSONObject()
        object["webLoginCsrf"] = value
        #expect(try AppOptions(json: object).webLogin.csrfMode == mode)
    }

    @Test func config_refusesAnotherWord_namingTheKey() {
        #expect(throws: ConfigurationError.self) { try AppOptions(json: ["webLoginCsrf": "native"]) }
        do {
            _ = try AppOptions(json: ["webLoginCsrf": "native"])
        } catch let error as ConfigurationError {
            #expect(error.description == #"webLoginCsrf: expected true, false or "browser", got "native""#)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
