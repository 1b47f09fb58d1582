import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

@Suite struct UserWriteTests {
    let emulator: TestServer
    let client: TestClient
    let tom: SignedUpUser
    let ann: SignedUpUser
    init() throws {
        emulator = try TestServer.start()
        client = emulator.inProcessClient()
        tom = try client.signUp("tom", extra: ["email": "tom@example.com"])
        ann = try client.signUp("ann", extra: ["ACL": ["*": ["read": true, "write": true]]])
    }

    @Test(arguments: ["/1.1/users", "/1.1/classes/_User"])
    func update_ofAnotherUser_is206_whateverItsACL(path: String) throws {
        let expected: JSON = ["code": 206, "error": "The user cannot be altered by a client without the session."]
        for token in [tom.sessionToken, nil] {
            let response = try client.acting(as: token).put("\(path)/\(ann.objectId)", json: ["age": 1])
            #expect(response.status == 403)
            #expect(response.json == expected)
            #expect(try client.acting(as: token).delete("\(path)/\(ann.objectId)").json == expected)
        }
    }

    @Test(arguments: ["/1.1/users", "/1.1/classes/_User"])
    func update_bySelf_answersUpdatedAtAndObjectId(path: String) throws {
        let response = try client.acting(as: tom.sessionToken).put("\(path)/\(tom.objectId)", json: ["age": 9])
        #expect(response.status == 200)
        #expect(response.json?.objectValue?.keys == ["updatedAt", "objectId"])
        #expect(try client.get("/1.1/users/\(tom.objectId)").json?["age"] == 9)
    }

    @Test func master_mayUpdateAndDeleteAnyUser() throws {
        let master = emulator.inProcessClient(credentials: .masterKey)
        #expect(try master.put("/1.1/users/\(ann.objectId)", json: ["age": 2]).status == 200)
        #expect(try master.delete("/1.1/classes/_User/\(ann.objectId)").status == 200)
        #expect(try master.get("/1.1/users/\(ann.objectId)").json?["code"] == 211)
    }

    @Test(arguments: [(["username": "ann"], 202), (["email": "bad"], 125), (["username": " "], 217),
                      (["password": ""], 218)] as [(JSON, Int)])
    func update_revalidatesTheUserFields(body: JSON, code: Int) throws {
        let response = try client.acting(as: tom.sessionToken).put("/1.1/users/\(tom.objectId)", json: body)
        #expect(response.json?["code"] == .number(Double(code)))
    }

    @Test func changingTheEmail_clearsEmailVerified_andANewPasswordLogsIn() throws {
        let master = emulator.inProcessClient(credentials: .masterKey)
        _ = try master.put("/1.1/users/\(tom.objectId)", json: ["emailVerified": true])
        #expect(try master.get("/1.1/users/\(tom.objectId)").json?["emailVerified"] == true)
        let me = client.acting(as: tom.sessionToken)
        _ = try me.put("/1.1/users/\(tom.objectId)", json: ["email": "new@example.com", "password": "pw2"])
        #expect(try me.get("/1.1/users/me").json?["emailVerified"] == false)
        #expect(try client.logIn(["email": "new@example.com", "password": "pw2"]).status == 200)
    }

    @Test func fetch_showsNoTokenNorPassword_andUnknownIdIs211() throws {
        let fetched = try client.get("/1.1/users/\(tom.objectId)").json?.objectValue
        #expect(fetched?["sessionToken"] == nil && fetched?["password"] == nil)
        #expect(fetched?["username"] == "tom")
        let unknown = try client.get("/1.1/users/000000000000000000000000")
        #expect(unknown.status == 400)
        #expect(unknown.json == ["code": 211, "error": "Could not find user."])
    }

    @Test func deletingAUser_revokesItsSession() throws {
        let me = client.acting(as: tom.sessionToken)
        #expect(try me.delete("/1.1/users/\(tom.objectId)").text == "{}")
        #expect(try me.get("/1.1/users/me").json?["code"] == 211)
        #expect(try client.logIn(["username": "tom", "password": "secret"]).json?["code"] == 211)
    }

    @Test func query_ofUsers_isClosedToClientsByDefault() throws {
        let response = try client.get("/1.1/users")
        #expect(response.status == 403)
        #expect(response.json?["error"] == "Forbidden to find by class permissions.")
    }

    @Test func query_ofUsers_goesThroughTheQueryEndpoint() throws {
        let master = emulator.inProcessClient(credentials: .masterKey)
        let response = try master.get("/1.1/users?where=%7B%22username%22%3A%22ann%22%7D&count=1")
        #expect(response.json?["count"] == 1)
        #expect(response.json?["results"]?.arrayValue?.first?["objectId"] == .string(ann.objectId))
    }
}
