import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Primitives
import Testing

/// An emulator with one user `alice` (password `password-of-alice`, email `alice@example.com`)
/// and an in-process browser, for the cookie-session tests.
struct WebLoginFixture {
    let emulator: TestServer
    let userId: String
    var browser: TestBrowser

    static let username = "alice"
    static let email = "alice@example.com"
    static let password = "password-of-alice"
    static var sha1: String { SHA1.hex(password) }

    init(live: Bool = false, _ configure: (inout WebLoginOptions) -> Void = { _ in }) throws {
        emulator = try TestServer.start { configuration in configure(&configuration.apps[0].options.webLogin) }
        userId = try emulator.createUser(Self.username, fields: ["email": .string(Self.email)])
        browser = TestBrowser(live ? emulator.client() : emulator.inProcessClient())
    }

    var app: AppRuntime {
        get throws { try #require(emulator.emulator.app(emulator.app.appId)) }
    }

    /// A second browser of the same emulator, with no cookies.
    func newBrowser() -> TestBrowser { TestBrowser(emulator.inProcessClient()) }

    /// The log-in form; the password as SHA-1 hex of `plain`.
    static func form(_ login: String = email, plain: String = password, remember: Bool = false,
                     captcha: String? = nil) -> [(String, String)] {
        var fields = [("email", login), ("password", SHA1.hex(plain)), ("remember_me", remember ? "true" : "false")]
        if let captcha { fields.append(("j_captcha", captcha)) }
        return fields
    }

    /// The answer of the browser's last `/api/getCaptcha`, read from the outbox.
    func captchaAnswer(of browser: TestBrowser) throws -> String {
        let sid = try #require(browser.cookies["sid"])
        return try #require(try app.outbox.latest(to: sid)?.code)
    }

    /// `code` and the key inside `msg` of an envelope.
    static func failure(_ response: TestClient.Response) -> (code: Int?, key: String?) {
        let code = response.json?["code"]?.intValue
        return (code, response.json?["msg"]?.objectValue?.keys.first)
    }
}
