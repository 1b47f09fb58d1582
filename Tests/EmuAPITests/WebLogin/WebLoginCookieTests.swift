import EmuAPI
import EmuHTTP
import EmuTesting
import LCWire
import Testing

/// The `Cookie` request header as the cookie flow reads it (RFC 6265 §5.4), and the reset.
@Suite struct WebLoginCookieTests {
    /// The `sid` of a logged-in session.
    private func loggedInSid(_ fixture: inout WebLoginFixture) throws -> String {
        _ = try fixture.browser.get("/api/captcha/login")
        _ = try fixture.browser.post("/api/login", form: WebLoginFixture.form())
        return try #require(fixture.browser.cookies["sid"])
    }

    @Test(arguments: [
        "sid=%@", "other=1; sid=%@", "other=1;sid=%@;more=2", "sid=\"%@\"", "  sid = %@ ",
    ])
    func sid_isReadFromTheCookieHeader_inItsUsualForms(template: String) throws {
        var fixture = try WebLoginFixture()
        let sid = try loggedInSid(&fixture)
        let header = template.replacingOccurrences(of: "%@", with: sid)
        let client = fixture.emulator.inProcessClient(credentials: .none)
        #expect(try client.get("/api/current_user", headers: ["Cookie": header]).json?["code"] == 0)
    }

    @Test func sid_isFound_inASecondCookieLine_andTheFirstValueWins() throws {
        var fixture = try WebLoginFixture()
        let sid = try loggedInSid(&fixture)
        let client = fixture.emulator.inProcessClient(credentials: .none)
        var headers: HTTPHeaders = ["Cookie": "theme=dark"]
        headers.add("Cookie", "sid=\(sid)")
        #expect(try client.get("/api/current_user", headers: headers).json?["code"] == 0)
        let shadowed = try client.get("/api/current_user", headers: ["Cookie": "sid=unknown; sid=\(sid)"])
        #expect(shadowed.json?["code"] == 1000)
    }

    @Test func adminReset_endsEveryWebSession() throws {
        var fixture = try WebLoginFixture()
        _ = try loggedInSid(&fixture)
        let master = fixture.emulator.inProcessClient(credentials: .masterKey)
        #expect(try master.post("/__admin/reset").status == 200)
        #expect(try fixture.browser.get("/api/current_user").json?["code"] == 1000)
    }
}
