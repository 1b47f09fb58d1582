import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

@Suite struct SessionTokenTests {
    let emulator: TestServer
    let client: TestClient
    let tom: SignedUpUser
    init() throws {
        emulator = try TestServer.start()
        client = emulator.inProcessClient()
        tom = try client.signUp("tom", password: "old")
    }

    @Test func refreshSessionToken_issuesANewToken_andKillsTheOld() throws {
        let response = try client.acting(as: tom.sessionToken).put("/1.1/users/\(tom.objectId)/refreshSessionToken",
                                                                   json: [:])
        #expect(response.status == 200)
        let fresh = try #require(response.json?["sessionToken"]?.stringValue)
        #expect(fresh != tom.sessionToken && fresh.wholeMatch(of: sessionTokenPattern) != nil)
        #expect(response.json?["username"] == "tom")
        #expect(try client.acting(as: tom.sessionToken).get("/1.1/users/me").json?["code"] == 211)
        #expect(try client.acting(as: fresh).get("/1.1/users/me").status == 200)
        #expect(try client.logIn(["username": "tom", "password": "old"]).json?["sessionToken"] == .string(fresh))
    }

    @Test func refreshSessionToken_needsThatUsersSession_orMaster() throws {
        let ann = try client.signUp("ann")
        let path = "/1.1/users/\(tom.objectId)/refreshSessionToken"
        #expect(try client.acting(as: ann.sessionToken).put(path, json: [:]).json?["code"] == 206)
        let master = emulator.inProcessClient(credentials: .masterKey)
        #expect(try master.put(path, json: [:]).status == 200)
        #expect(try master.put("/1.1/users/000000000000000000000000/refreshSessionToken", json: [:])
            .json?["code"] == 211)
    }

    @Test func updatePassword_changesThePassword_andKeepsTheToken() throws {
        let me = client.acting(as: tom.sessionToken)
        let response = try me.put("/1.1/users/\(tom.objectId)/updatePassword",
                                  json: ["old_password": "old", "new_password": "new"])
        #expect(response.status == 200)
        #expect(response.json?["objectId"] == .string(tom.objectId))
        #expect(response.json?["sessionToken"] == .string(tom.sessionToken))
        #expect(response.json?["password"] == nil)
        #expect(try client.logIn(["username": "tom", "password": "old"]).json?["code"] == 210)
        #expect(try client.logIn(["username": "tom", "password": "new"]).status == 200)
    }

    @Test(arguments: [(["old_password": "wrong", "new_password": "new"], 210),
                      (["new_password": "new"], 201), (["old_password": "old"], 201),
                      (["old_password": "old", "new_password": " "], 218)] as [(JSON, Int)])
    func updatePassword_refusesBadInput(body: JSON, code: Int) throws {
        let response = try client.acting(as: tom.sessionToken).put("/1.1/users/\(tom.objectId)/updatePassword", json: body)
        #expect(response.status == 400)
        #expect(response.json?["code"] == .number(Double(code)))
    }

    @Test func updatePassword_ofAnotherUser_is206() throws {
        let response = try client.put("/1.1/users/\(tom.objectId)/updatePassword",
                                      json: ["old_password": "old", "new_password": "new"])
        #expect(response.status == 403)
        #expect(response.json?["code"] == 206)
    }
}
