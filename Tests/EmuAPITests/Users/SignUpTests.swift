import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

@Suite struct SignUpTests {
    let emulator: TestServer
    let client: TestClient
    init() throws {
        emulator = try TestServer.start()
        client = emulator.inProcessClient()
    }

    @Test(arguments: ["/1.1/users", "/1.1/classes/_User"])
    func signUp_answers201_withTokenCreatedAtAndId_andLocation(path: String) throws {
        emulator.emulator.clock.set(milliseconds: 1_436_841_110_100)
        let response = try client.post(path, json: ["username": "tom", "password": "pw"])
        #expect(response.status == 201)
        let body = try #require(response.json?.objectValue)
        #expect(body.keys == ["sessionToken", "createdAt", "objectId"])
        #expect(body["createdAt"] == "2015-07-14T02:31:50.100Z")
        let token = try #require(body["sessionToken"]?.stringValue)
        #expect(token.wholeMatch(of: sessionTokenPattern) != nil)
        let id = try #require(body["objectId"]?.stringValue)
        #expect(response.headers["Location"] == "http://localhost\(path)/\(id)")
    }

    @Test func signedUpUser_hasFalseVerificationFlags_andNoPassword() throws {
        let user = try client.signUp("tom", extra: ["email": "tom@example.com", "emailVerified": true, "age": 3])
        let me = try client.acting(as: user.sessionToken).get("/1.1/users/me")
        let body = try #require(me.json?.objectValue)
        #expect(body["emailVerified"] == false)
        #expect(body["mobilePhoneVerified"] == false)
        #expect(body["age"] == 3)
        #expect(body["password"] == nil)
    }

    static let invalidBodies: [(JSON, Int, String)] = [
        (["password": "p"], 200, "Username is missing or empty"),
        (["username": "", "password": "p"], 200, "Username is missing or empty"),
        (["username": "u"], 201, "Password is missing or empty."),
        (["username": "u", "password": ""], 201, "Password is missing or empty."),
        (["username": "  ", "password": "p"], 217, "Invalid username, it must be a non-blank string."),
        (["username": 7, "password": "p"], 217, "Invalid username, it must be a non-blank string."),
        (["username": "u", "password": " "], 218, "Invalid password, it must be a non-blank string."),
        (["username": "u", "password": "p", "email": "not-an-email"], 125, "The email address was invalid."),
        (["username": "u", "password": "p", "mobilePhoneNumber": "12"], 127, "The mobile phone number was invalid."),
        (["username": "u", "password": "p", "authData": "x"], 111,
         "Invalid type for key 'authData', expected 'Object', but got 'String'."),
    ]

    @Test(arguments: invalidBodies)
    func invalidSignUp_answersItsCode(body: JSON, code: Int, message: String) throws {
        let response = try client.post("/1.1/users", json: body)
        #expect(response.status == 400)
        #expect(response.json == ["code": .number(Double(code)), "error": .string(message)])
    }

    static let clashes: [(JSONObject, Int)] = [
        (["username": "tom"], 202),
        (["username": "other", "email": "tom@example.com"], 203),
        (["username": "other", "mobilePhoneNumber": "+8618612340000"], 214),
    ]

    @Test(arguments: clashes)
    func takenUniqueField_isRefused(extra: JSONObject, code: Int) throws {
        try client.signUp("tom", extra: ["email": "tom@example.com", "mobilePhoneNumber": "+8618612340000"])
        var body: JSONObject = ["password": "p"]
        for (key, value) in extra { body[key] = value }
        let response = try client.post("/1.1/users", json: .object(body))
        #expect(response.status == 400)
        #expect(response.json?["code"] == .number(Double(code)))
    }

    @Test func uniqueness_isCaseSensitive() throws {
        try client.signUp("tom")
        try client.signUp("Tom")
    }

    @Test func password_isNeverReturned_byFetchOrQuery() throws {
        let user = try client.signUp("tom")
        let master = emulator.inProcessClient(credentials: .masterKey)
        #expect(try master.get("/1.1/users/\(user.objectId)").json?["password"] == nil)
        let results = try master.get("/1.1/users").json?["results"]?.arrayValue ?? []
        #expect(results.count == 1)
        #expect(results.allSatisfy { $0["password"] == nil })
    }
}
