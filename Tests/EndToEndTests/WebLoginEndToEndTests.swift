import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Primitives
import Testing

/// The cookie-session flow of login-flows.md §2 over a real socket, with the seeded test user,
/// the captcha answer read from `/__admin/outbox` as a client test would.
@Suite struct WebLoginEndToEndTests {
    static let password = SHA1.hex("lcemu-test-password")

    private func form(_ password: String = password, captcha: String? = nil) -> [(String, String)] {
        var fields = [("email", "testuser"), ("password", password), ("remember_me", "false")]
        if let captcha { fields.append(("j_captcha", captcha)) }
        return fields
    }

    @Test func pitfall_logInWithoutTheCaptchaCall_looksFine_butTheSessionIsNotRecognised() throws {
        let emulator = try TestServer.start(seeded: true)
        var browser = TestBrowser(emulator.client())
        let login = try browser.post("/api/login", form: form())
        #expect(login.json?["code"] == 0)
        #expect(login.json?["data"]?["username"] == "testuser")
        #expect(browser.cookies["sid"] != nil)
        let current = try browser.get("/api/current_user")
        #expect(current.text == #"{"code":1000,"msg":{"user_not_login":"The user is not logged in."}}"#)

        // The fix clients need: call captcha/login first, then log in.
        var fixed = TestBrowser(emulator.client())
        _ = try fixed.get("/api/captcha/login")
        #expect(try fixed.post("/api/login", form: form()).json?["code"] == 0)
        #expect(try fixed.get("/api/current_user").json?["data"]?["username"] == "testuser")
    }

    @Test func failureThreshold_thenCaptchaFromTheOutbox_thenLoggedIn_thenLogout() throws {
        let emulator = try TestServer.start(seeded: true)
        let master = emulator.client(credentials: .masterKey)
        var browser = TestBrowser(emulator.client())
        #expect(try browser.get("/api/captcha/login").text == #"{"code":0,"data":false}"#)
        for _ in 0..<3 {
            let failed = try browser.post("/api/login", form: form(SHA1.hex("wrong")))
            #expect(failed.json?["code"] == 1)
            #expect(failed.json?["msg"]?["password"] != nil)
        }
        #expect(try browser.get("/api/captcha/login").text == #"{"code":0,"data":true}"#)
        #expect(try browser.post("/api/login", form: form()).json?["code"] == 909)

        let picture = try browser.get("/api/getCaptcha")
        #expect(picture.headers["Content-Type"] == "image/png")
        #expect(picture.body.count > 100)
        let sid = try #require(browser.cookies["sid"])
        let outbox = try master.get("/__admin/outbox?token=\(sid)")
        let answer = try #require(outbox.json?["results"]?[0]?["code"]?.stringValue)
        #expect(try browser.post("/api/login", form: form(captcha: "nope")).json?["code"] == 903)

        _ = try browser.get("/api/getCaptcha")
        let fresh = try #require(try master.get("/__admin/outbox?token=\(sid)").json?["results"]?[0]?["code"]?.stringValue)
        #expect(answer.count == 4)
        let login = try browser.post("/api/login", form: form(captcha: fresh))
        #expect(login.json?["code"] == 0)
        #expect(try browser.get("/api/current_user").json?["data"]?["objectId"] == .string(TestServer.seedUserId))

        #expect(try browser.post("/api/logout").json?["code"] == 0)
        #expect(try browser.get("/api/current_user").json?["code"] == 1000)
    }

    @Test func session_expiresWithTheAdminClock() throws {
        let emulator = try TestServer.start(seeded: true)
        let master = emulator.client(credentials: .masterKey)
        var browser = TestBrowser(emulator.client())
        _ = try browser.get("/api/captcha/login")
        _ = try browser.post("/api/login", form: form())
        #expect(try browser.get("/api/current_user").json?["code"] == 0)
        #expect(try master.post("/__admin/clock", json: ["advance": "25h"]).status == 200)
        #expect(try browser.get("/api/current_user").json?["code"] == 1000)
    }
}
