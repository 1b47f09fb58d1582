import EmuAPI
import EmuHTTP
import EmuTestSupport
import LCWire
import Testing

/// `onLogin` for every kind of log-in, and `_User`'s class hooks at an `authData` sign-up
/// (docs/cloud-code.md): each asked outside the transaction that finds or creates the user.
@Suite struct LogInHookTests {
    static let refusingBanned: FakeEngine.Answer = { request in
        FakeEngine.body(request)?["object"]?["username"] == "banned"
            ? FakeEngine.json(400, ["code": 1, "error": "banned"]) : FakeEngine.json(200, ["result": .null])
    }

    /// An emulator calling `engine`, without SMS rate limits (one number gets several codes).
    static func start(_ engine: FakeEngine) throws -> TestServer {
        try TestServer.start { configuration in
            configuration.apps[0].hookKey = "test-hook-key"
            configuration.apps[0].engine = try! EngineSettings(url: engine.url)
            configuration.apps[0].options.messages.smsRateLimits = false
        }
    }

    @Test func onLogin_getsAnAuthDataLogIn_andMayRefuseIt() throws {
        let engine = try FakeEngine(defines: ["__on_login__User"], answer: Self.refusingBanned)
        let emulator = try Self.start(engine)
        let client = emulator.client()
        let weixin: JSON = ["weixin": ["openid": "o-1", "access_token": "t"]]
        let signedUp = try client.post("/1.1/users", json: ["authData": weixin, "username": "alice"])
        #expect(signedUp.status == 201)
        #expect(engine.requests(to: "/1.1/functions/_User/onLogin").isEmpty)
        let loggedIn = try client.post("/1.1/users", json: ["authData": weixin])
        #expect(loggedIn.status == 200)
        #expect(loggedIn.json?["objectId"] == signedUp.json?["objectId"])
        let sent = FakeEngine.body(try #require(engine.requests(to: "/1.1/functions/_User/onLogin").first))?["object"]
        #expect(sent?["username"] == "alice")

        let qq: JSON = ["qq": ["openid": "o-2", "access_token": "t"]]
        #expect(try client.post("/1.1/users", json: ["authData": qq, "username": "banned"]).status == 201)
        let refused = try client.post("/1.1/users", json: ["authData": qq])
        #expect(refused.text == #"{"code":142,"error":"Cloud Code validation failed. Error detail : banned"}"#)
    }

    @Test func userClassHooks_runAtAnAuthDataSignUp_notAtItsLogIn() throws {
        let engine = try FakeEngine(defines: ["__before_save_for__User", "__after_save_for__User"]) { request in
            guard request.path.hasSuffix("beforeSave") else { return FakeEngine.json(200, ["result": "ok"]) }
            var object = FakeEngine.body(request)?["object"]?.objectValue ?? [:]
            if object["username"] == "mallory" { return FakeEngine.json(400, ["code": 1, "error": "no mallory"]) }
            object["level"] = 1
            object["authData"] = nil  // the account logging in stays linked all the same
            return FakeEngine.json(200, .object(object))
        }
        let emulator = try Self.start(engine)
        let client = emulator.client()
        let weixin: JSON = ["weixin": ["openid": "o-1", "access_token": "t"]]
        let signedUp = try client.post("/1.1/users", json: ["authData": weixin])
        #expect(signedUp.status == 201)
        let id = try #require(signedUp.json?["objectId"]?.stringValue)
        let sent = FakeEngine.body(try #require(engine.requests(to: "/1.1/functions/_User/beforeSave").first))?["object"]
        #expect(sent?["authData"]?["weixin"]?["openid"] == "o-1")
        #expect(sent?["username"]?.stringValue?.isEmpty == false)
        let loggedIn = try client.post("/1.1/users", json: ["authData": weixin])
        #expect(loggedIn.status == 200)
        #expect(loggedIn.json?["objectId"] == .string(id))
        #expect(loggedIn.json?["level"] == 1)
        #expect(engine.requests(to: "/1.1/functions/_User/beforeSave").count == 1)
        #expect(eventually { engine.requests(to: "/1.1/functions/_User/afterSave").count == 1 })
        #expect(FakeEngine.body(engine.requests(to: "/1.1/functions/_User/afterSave")[0])?["object"]?["objectId"] == .string(id))

        let refused = try client.post("/1.1/users", json: ["authData": ["qq": ["openid": "o-2", "access_token": "t"]], "username": "mallory"])
        #expect(refused.text == #"{"code":142,"error":"Cloud Code validation failed. Error detail : no mallory"}"#)
        let users = try emulator.client(credentials: .masterKey).get("/1.1/users").json?["results"]?.arrayValue
        #expect(users?.count == 1)
    }

    @Test func onLogin_getsAUsersByMobilePhoneLogIn_andMayRefuseIt() throws {
        let engine = try FakeEngine(defines: ["__on_login__User"], answer: Self.refusingBanned)
        let emulator = try Self.start(engine)
        let client = emulator.client()
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        for (name, number) in [("carol", "+8618600000031"), ("banned", "+8618600000032")] {
            #expect(try client.post("/1.1/users", json: ["username": .string(name), "password": "secret-1",
                                                          "mobilePhoneNumber": .string(number)]).status == 201)
            #expect(try client.post("/1.1/requestLoginSmsCode", json: ["mobilePhoneNumber": .string(number)]).status == 200)
            let code = try #require(app.outbox.messages(to: PhoneNumber.lenient(number), purpose: "login").first?.code)
            let login = try client.post("/1.1/usersByMobilePhone", json: ["mobilePhoneNumber": .string(number), "smsCode": .string(code)])
            if name == "banned" {
                #expect(login.text == #"{"code":142,"error":"Cloud Code validation failed. Error detail : banned"}"#)
            } else {
                #expect(login.status == 200)
                #expect(login.json?["username"] == "carol")
                #expect(login.json?["sessionToken"]?.stringValue?.isEmpty == false)
            }
        }
        #expect(engine.requests(to: "/1.1/functions/_User/onLogin").count == 2)
    }
}
