import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

@Suite struct AuthDataTests {
    let emulator: TestServer
    let client: TestClient
    init() throws {
        emulator = try TestServer.start()
        client = emulator.inProcessClient()
    }

    static let weixin: JSON = ["authData": ["weixin": ["openid": "o1", "access_token": "t", "expires_in": 7200]]]

    @Test func firstLogIn_createsAUserWithARandomName_thenLogsInToIt() throws {
        let created = try client.post("/1.1/users", json: Self.weixin)
        #expect(created.status == 201)
        let body = try #require(created.json?.objectValue)
        #expect(body.keys == ["username", "sessionToken", "createdAt", "objectId"])
        let username = try #require(body["username"]?.stringValue)
        #expect(username.wholeMatch(of: sessionTokenPattern) != nil)
        let id = try #require(body["objectId"]?.stringValue)
        #expect(created.headers["Location"] == "http://localhost/1.1/users/\(id)")

        let again = try client.post("/1.1/users", json: Self.weixin)
        #expect(again.status == 200)
        #expect(again.headers["Location"] == "http://localhost/1.1/users/\(id)")
        #expect(again.json?["objectId"] == .string(id))
        #expect(again.json?["sessionToken"] == body["sessionToken"])
        #expect(again.json?["authData"]?["weixin"]?["openid"] == "o1")
    }

    @Test func failOnNotExist_answers211_insteadOfCreating() throws {
        let response = try client.post("/1.1/users?failOnNotExist=true", json: Self.weixin)
        #expect(response.status == 400)
        #expect(response.json?["code"] == 211)
        #expect(try client.post("/1.1/users", json: Self.weixin).status == 201)
        #expect(try client.post("/1.1/users?failOnNotExist=true", json: Self.weixin).status == 200)
    }

    @Test(arguments: [
        ["anonymous": ["id": "6ee1a4d9-8b2c-4c4b-9f0e-0b0c3e7a1f11"]],
        ["qq": ["openid": "q", "access_token": "t"]],
        ["myplatform": ["uid": "u1", "access_token": "t"]],
    ] as [JSON])
    func everyPlatform_isKeyedByItsId(authData: JSON) throws {
        #expect(try client.post("/1.1/users", json: ["authData": authData]).status == 201)
        #expect(try client.post("/1.1/users", json: ["authData": authData]).status == 200)
    }

    @Test func entryWithoutItsId_is250() throws {
        let response = try client.post("/1.1/users", json: ["authData": ["weibo": ["access_token": "t"]]])
        #expect(response.json?["code"] == 250)
    }

    @Test func authData_isShownOnlyToItsOwner() throws {
        let created = try client.post("/1.1/users", json: Self.weixin).json
        let id = try #require(created?["objectId"]?.stringValue)
        let token = created?["sessionToken"]?.stringValue
        #expect(try client.get("/1.1/users/\(id)").json?["authData"] == nil)
        #expect(try client.acting(as: token).get("/1.1/users/\(id)").json?["authData"] != nil)
        #expect(try emulator.inProcessClient(credentials: .masterKey).get("/1.1/users/\(id)").json?["authData"] != nil)
    }

    @Test func authData_isLeftOutOfOtherUsersQueryResults() throws {
        let open = try AppOptions(json: ["classPermissions": ["_User": ["find": "*"]]])
        let emulator = try TestServer.start { $0.apps[0].options = open }
        let client = emulator.inProcessClient()
        let created = try client.post("/1.1/users", json: Self.weixin).json
        let token = created?["sessionToken"]?.stringValue
        for path in ["/1.1/users", "/1.1/classes/_User", "/1.1/cloudQuery?cql=select%20*%20from%20_User"] {
            #expect(try client.get(path).json?["results"]?[0]?["authData"] == nil, "\(path)")
            #expect(try client.acting(as: token).get(path).json?["results"]?[0]?["authData"] != nil, "\(path)")
        }
        #expect(try client.get("/1.1/users").json?["results"]?[0]?["username"] == created?["username"])
    }

    @Test func linking_mergesAPlatform_andAccountOfAnotherUserIs208_andUnlinkDeletesIt() throws {
        let tom = try client.signUp("tom")
        let me = client.acting(as: tom.sessionToken)
        let path = "/1.1/users/\(tom.objectId)"
        #expect(try me.put(path, json: ["authData": ["qq": ["openid": "q1", "access_token": "t"]]]).status == 200)
        #expect(try me.put(path, json: ["authData": ["weibo": ["uid": "w1", "access_token": "t"]]]).status == 200)
        let linked = try me.get("/1.1/users/me").json?["authData"]?.objectValue
        #expect(linked?.keys == ["qq", "weibo"])
        #expect(try client.post("/1.1/users", json: ["authData": ["qq": ["openid": "q1"]]]).json?["objectId"]
            == .string(tom.objectId))

        let ann = try client.signUp("ann")
        let clash = try client.acting(as: ann.sessionToken).put(
            "/1.1/users/\(ann.objectId)", json: ["authData": ["qq": ["openid": "q1", "access_token": "t"]]])
        #expect(clash.json == ["code": 208, "error": "An existing account already linked to another user."])

        #expect(try me.put(path, json: ["authData.qq": ["__op": "Delete"]]).status == 200)
        #expect(try me.get("/1.1/users/me").json?["authData"]?.objectValue?.keys == ["weibo"])
        #expect(try client.post("/1.1/users?failOnNotExist=true", json: ["authData": ["qq": ["openid": "q1"]]])
            .json?["code"] == 211)
    }

    @Test func mainAccountUnionId_isStored_andLogsInOtherAppsOfThePlatform() throws {
        let app: JSON = ["authData": ["weixin_app": ["openid": "a", "unionid": "U", "platform": "weixin",
                                                      "main_account": true]]]
        let created = try client.post("/1.1/users", json: app)
        let token = created.json?["sessionToken"]?.stringValue
        let me = try client.acting(as: token).get("/1.1/users/me").json
        #expect(me?["authData"]?["_weixin_unionid"] == ["uid": "U"])
        let mini: JSON = ["authData": ["weixin_mini": ["openid": "b", "unionid": "U", "platform": "weixin",
                                                        "main_account": "true"]]]
        let other = try client.post("/1.1/users", json: mini)
        #expect(other.status == 200)
        #expect(other.json?["objectId"] == created.json?["objectId"])
        #expect(other.json?["authData"]?.objectValue?.keys.contains("weixin_mini") == true)
    }
}
