import EmuAPI
import EmuHTTP
import EmuTestSupport
import LCWire
import Testing

/// `_User`'s beforeSave and afterSave at a `usersByMobilePhone` sign-up, as at any other
/// sign-up (docs/cloud-code.md): beforeSave sees the new user and may change or refuse it (142,
/// no one created, the code spent), afterSave hears the user as stored; a log-in there calls
/// neither.
@Suite struct PhoneSignUpHookTests {
    let engine: FakeEngine
    let emulator: TestServer
    let client: TestClient

    static let refused = "+8618600000052"

    init() throws {
        engine = try FakeEngine(defines: ["__before_save_for__User", "__after_save_for__User"]) { request in
            guard request.path.hasSuffix("beforeSave") else { return FakeEngine.json(200, ["result": "ok"]) }
            var object = FakeEngine.body(request)?["object"]?.objectValue ?? [:]
            if object["mobilePhoneNumber"] == .string(Self.refused) { return FakeEngine.json(400, ["code": 1, "error": "not this number"]) }
            object["level"] = 1
            object["username"] = nil  // the number stays the user name
            object["mobilePhoneNumber"] = "+8618699999999"  // the number the code proved stays
            return FakeEngine.json(200, .object(object))
        }
        emulator = try LogInHookTests.start(engine)
        client = emulator.client()
    }

    private func signUpOrLogIn(_ number: String, password: String? = nil) throws -> TestClient.Response {
        #expect(try client.post("/1.1/requestSmsCode", json: ["mobilePhoneNumber": .string(number)]).status == 200)
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        let code = try #require(app.outbox.messages(to: PhoneNumber.lenient(number), purpose: "verify").first?.code)
        var body: JSONObject = ["mobilePhoneNumber": .string(number), "smsCode": .string(code)]
        if let password { body["password"] = .string(password) }
        return try client.post("/1.1/usersByMobilePhone", json: .object(body))
    }

    private var beforeSaves: [JSON?] { engine.requests(to: "/1.1/functions/_User/beforeSave").map(FakeEngine.body) }
    private var afterSaves: [JSON?] { engine.requests(to: "/1.1/functions/_User/afterSave").map { FakeEngine.body($0)?["object"] } }

    @Test func aSignUp_callsBeforeSave_withTheNewUser_andAfterSave_withTheUserAsStored() throws {
        let number = "+8618600000051"
        let created = try signUpOrLogIn(number, password: "secret-1")
        #expect(created.status == 201)
        #expect(created.json?["level"] == 1)
        #expect(created.json?["username"] == .string(number))
        #expect(created.json?["mobilePhoneNumber"] == .string(number))
        #expect(created.json?["mobilePhoneVerified"] == true)
        #expect(beforeSaves == [["object": ["username": .string(number), "mobilePhoneNumber": .string(number),
                                            "mobilePhoneVerified": true], "user": .null]])
        #expect(eventually { afterSaves.count == 1 })
        #expect(afterSaves[0]?["objectId"] == created.json?["objectId"])
        #expect(afterSaves[0]?["mobilePhoneVerified"] == true)
        #expect(afterSaves[0]?["password"] == nil)
        // The password the engine never saw is the user's.
        let loggedIn = try client.post("/1.1/login", json: ["username": .string(number), "password": "secret-1"])
        #expect(loggedIn.json?["objectId"] == created.json?["objectId"])

        // Logging in there again is no save.
        #expect(try signUpOrLogIn(number).status == 200)
        #expect(beforeSaves.count == 1)
    }

    @Test func aRefusal_is142_createsNoOne_andSpendsTheCode() throws {
        let refused = try signUpOrLogIn(Self.refused)
        #expect(refused.status == 400)
        #expect(refused.text == #"{"code":142,"error":"Cloud Code validation failed. Error detail : not this number"}"#)
        let master = emulator.client(credentials: .masterKey)
        #expect(try master.get("/1.1/users").json?["results"] == [])
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        let spent = try #require(app.outbox.messages(to: PhoneNumber.lenient(Self.refused), purpose: "verify").first?.code)
        let again = try client.post("/1.1/usersByMobilePhone", json: ["mobilePhoneNumber": .string(Self.refused), "smsCode": .string(spent)])
        #expect(again.json?["code"] == 603)
        // After-hooks run in order: once the next sign-up's afterSave is heard, the refused one had none.
        let accepted = try signUpOrLogIn("+8618600000053")
        #expect(eventually { afterSaves.count == 1 })
        #expect(afterSaves.map { $0?["objectId"] } == [accepted.json?["objectId"]])
    }
}
