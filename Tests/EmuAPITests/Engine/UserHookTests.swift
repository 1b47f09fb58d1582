import EmuAPI
import EmuHTTP
import EmuTestSupport
import LCWire
import Testing

/// `onLogin` may refuse a log-in; `onVerified/sms` hears a verified number (docs/cloud-code.md).
@Suite struct UserHookTests {
    @Test func onLogin_getsTheUser_andMayRefuseTheLogIn() throws {
        let engine = try FakeEngine(defines: ["__on_login__User"]) { request in
            FakeEngine.body(request)?["object"]?["username"] == "banned"
                ? FakeEngine.json(400, ["code": 1, "error": "banned"]) : FakeEngine.json(200, ["result": .null])
        }
        let emulator = try TestServer.start(engine: engine.url)
        let client = emulator.client()
        for name in ["alice", "banned"] {
            #expect(try client.post("/1.1/users", json: ["username": .string(name), "password": "secret-1"]).status == 201)
        }
        let ok = try client.post("/1.1/login", json: ["username": "alice", "password": "secret-1"])
        #expect(ok.status == 200)
        #expect(ok.json?["sessionToken"]?.stringValue?.isEmpty == false)
        let refused = try client.post("/1.1/login", json: ["username": "banned", "password": "secret-1"])
        #expect(refused.status == 400)
        #expect(refused.text == #"{"code":142,"error":"Cloud Code validation failed. Error detail : banned"}"#)
        let sent = try #require(engine.requests(to: "/1.1/functions/_User/onLogin").first)
        #expect(FakeEngine.body(sent)?["object"]?["username"] == "alice")
        #expect(FakeEngine.body(sent)?["object"]?["password"] == nil)
        #expect(sent.headers["X-LC-Hook-Key"] == "test-hook-key")
        // A wrong password never reaches the engine.
        _ = try client.post("/1.1/login", json: ["username": "alice", "password": "wrong"])
        #expect(engine.requests(to: "/1.1/functions/_User/onLogin").count == 2)
    }

    @Test func onVerifiedSMS_hearsTheVerifiedUser_afterTheVerification() throws {
        let engine = try FakeEngine(defines: ["__on_verified_sms"])
        let emulator = try TestServer.start(engine: engine.url)
        let client = emulator.client()
        let number = "+8618600000005"
        let userId = try #require(try client.post("/1.1/users", json: ["username": "a", "password": "secret-1", "mobilePhoneNumber": .string(number)])
            .json?["objectId"]?.stringValue)
        #expect(try client.post("/1.1/requestMobilePhoneVerify", json: ["mobilePhoneNumber": .string(number)]).status == 200)
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        let code = try #require(app.outbox.messages(to: PhoneNumber.lenient(number), purpose: "verifyPhone").first?.code)
        #expect(try client.post("/1.1/verifyMobilePhone/\(code)", json: ["mobilePhoneNumber": .string(number)]).status == 200)
        #expect(eventually { engine.requests(to: "/1.1/functions/onVerified/sms").count == 1 })
        let object = FakeEngine.body(engine.requests(to: "/1.1/functions/onVerified/sms")[0])?["object"]
        #expect(object?["objectId"] == .string(userId))
        #expect(object?["mobilePhoneVerified"] == true)
    }

    @Test func userBeforeSave_atSignUp_neverSeesThePassword_andMayChangeOrRefuse() throws {
        let engine = try FakeEngine(defines: ["__before_save_for__User", "__after_save_for__User"]) { request in
            guard request.path.hasSuffix("beforeSave") else { return FakeEngine.json(200, ["result": "ok"]) }
            var object = FakeEngine.body(request)?["object"]?.objectValue ?? [:]
            if object["username"] == "mallory" { return FakeEngine.json(400, ["code": 1, "error": "no mallory"]) }
            object["level"] = 1
            return FakeEngine.json(200, .object(object))
        }
        let emulator = try TestServer.start(engine: engine.url)
        let client = emulator.client()
        let created = try client.post("/1.1/users", json: ["username": "alice", "password": "secret-1"])
        #expect(created.status == 201)
        let sent = FakeEngine.body(try #require(engine.requests(to: "/1.1/functions/_User/beforeSave").first))?["object"]
        #expect(sent == ["username": "alice"])
        #expect(try client.post("/1.1/login", json: ["username": "alice", "password": "secret-1"]).json?["level"] == 1)
        let refused = try client.post("/1.1/users", json: ["username": "mallory", "password": "secret-1"])
        #expect(refused.text == #"{"code":142,"error":"Cloud Code validation failed. Error detail : no mallory"}"#)
        #expect(try client.post("/1.1/login", json: ["username": "mallory", "password": "secret-1"]).json?["code"] == 211)
        #expect(eventually { engine.requests(to: "/1.1/functions/_User/afterSave").count == 1 })
        #expect(FakeEngine.body(engine.requests(to: "/1.1/functions/_User/afterSave")[0])?["object"]?["password"] == nil)
    }

    @Test func onAuthData_rewritesTheAuthData_orRefuses() throws {
        let engine = try FakeEngine(defines: ["__on_authdata__User"]) { request in
            var authData = FakeEngine.body(request)?["authData"]?.objectValue ?? [:]
            guard var weixin = authData["weixin"]?.objectValue else { return FakeEngine.json(400, ["code": 1, "error": "weixin only"]) }
            weixin["uid"] = weixin["openid"]
            authData["weixin"] = .object(weixin)
            return FakeEngine.json(200, ["result": .object(authData)])
        }
        let emulator = try TestServer.start(engine: engine.url)
        let client = emulator.client()
        let signedUp = try client.post("/1.1/users", json: ["authData": ["weixin": ["openid": "o-1", "access_token": "t"]]])
        #expect(signedUp.status == 201)
        let id = try #require(signedUp.json?["objectId"]?.stringValue)
        let stored = try emulator.client(credentials: .masterKey).get("/1.1/users/\(id)").json
        #expect(stored?["authData"]?["weixin"]?["uid"] == "o-1")
        let refused = try client.post("/1.1/users", json: ["authData": ["qq": ["openid": "o-2", "access_token": "t"]]])
        #expect(refused.text == #"{"code":142,"error":"Cloud Code validation failed. Error detail : weixin only"}"#)
    }

    @Test func onLogin_mayRefuseAnSMSLogIn_too() throws {
        let engine = try FakeEngine(defines: ["__on_login__User"]) { request in
            FakeEngine.body(request)?["object"]?["username"] == "banned"
                ? FakeEngine.json(400, ["code": 1, "error": "banned"]) : FakeEngine.json(200, ["result": .null])
        }
        let emulator = try TestServer.start(engine: engine.url)
        let client = emulator.client()
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        for (name, number) in [("carol", "+8618600000021"), ("banned", "+8618600000022")] {
            #expect(try client.post("/1.1/users", json: ["username": .string(name), "password": "secret-1",
                                                          "mobilePhoneNumber": .string(number)]).status == 201)
            #expect(try client.post("/1.1/requestLoginSmsCode", json: ["mobilePhoneNumber": .string(number)]).status == 200)
            let code = try #require(app.outbox.messages(to: PhoneNumber.lenient(number), purpose: "login").first?.code)
            let login = try client.post("/1.1/login", json: ["mobilePhoneNumber": .string(number), "smsCode": .string(code)])
            if name == "banned" {
                #expect(login.text == #"{"code":142,"error":"Cloud Code validation failed. Error detail : banned"}"#)
            } else {
                #expect(login.status == 200)
                #expect(login.json?["sessionToken"]?.stringValue?.isEmpty == false)
                #expect(login.json?["mobilePhoneVerified"] == true)
            }
        }
        #expect(engine.requests(to: "/1.1/functions/_User/onLogin").count == 2)
    }
}
