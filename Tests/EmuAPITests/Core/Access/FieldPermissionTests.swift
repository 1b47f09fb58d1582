@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire
import Testing

/// spec §6.3 field permissions: read-only fields refuse client writes (117), invisible fields
/// never reach a client; the master key is bound by neither.
@Suite struct FieldPermissionTests {
    let emulator: TestServer
    let admin: TestClient
    let client: TestClient
    let postId: String

    init() throws {
        let permissions = try FieldPermissions(json: [
            "Post": ["readOnly": ["views"], "invisible": ["secret"]],
            "_User": ["invisible": ["internalNote"], "readOnly": ["level"]],
        ])
        emulator = try TestServer.start { $0.apps[0].options.fieldPermissions = permissions }
        admin = emulator.inProcessClient(credentials: .masterKey)
        client = emulator.inProcessClient()
        postId = try #require(try admin.post("/1.1/classes/Post", json: ["title": "t", "views": 1, "secret": "s"]).json?["objectId"]?.stringValue)
    }

    @Test func clients_cannotSetAReadOnlyField_onCreateOrUpdate() throws {
        for response in [try client.post("/1.1/classes/Post", json: ["title": "x", "views": 5]),
                         try client.put("/1.1/classes/Post/\(postId)", json: ["views": ["__op": "Increment", "amount": 1]])] {
            #expect(response.status == 400)
            #expect(response.text == #"{"code":117,"error":"The key is read only."}"#)
        }
        #expect(try client.put("/1.1/classes/Post/\(postId)", json: ["title": "y"]).status == 200)
        #expect(try admin.put("/1.1/classes/Post/\(postId)", json: ["views": 2]).status == 200)
        #expect(try admin.get("/1.1/classes/Post/\(postId)").json?["views"] == 2)
    }

    @Test func invisibleFields_neverReachAClient() throws {
        #expect(try client.get("/1.1/classes/Post/\(postId)").json?["secret"] == nil)
        #expect(try client.get("/1.1/classes/Post").json?["results"]?[0]?["secret"] == nil)
        #expect(try client.get("/1.1/classes/Post?keys=secret,title").json?["results"]?[0]?["secret"] == nil)
        let batch = try client.post("/1.1/batch", json: ["requests": [["method": "GET", "path": .string("/1.1/classes/Post/\(postId)")]]])
        #expect(batch.json?[0]?["success"]?["title"] == "t" && batch.json?[0]?["success"]?["secret"] == nil)
        let pointer: JSON = ["__type": "Pointer", "className": "Post", "objectId": .string(postId)]
        _ = try admin.post("/1.1/classes/Comment", json: ["post": pointer])
        let included = try client.get("/1.1/classes/Comment?include=post").json?["results"]?[0]?["post"]
        #expect(included?["title"] == "t" && included?["secret"] == nil)
        #expect(try admin.get("/1.1/classes/Post/\(postId)").json?["secret"] == "s")
    }

    @Test func clients_mayWriteAnInvisibleField_butNotReadItBack() throws {
        let updated = try client.put("/1.1/classes/Post/\(postId)?fetchWhenSave=true", json: ["secret": "new", "title": "z"])
        #expect(updated.status == 200 && updated.json?["title"] == "z" && updated.json?["secret"] == nil)
        let created = try client.post("/1.1/classes/Post?fetchWhenSave=true", json: ["title": "a", "secret": "b"])
        #expect(created.status == 201 && created.json?["secret"] == nil)
        #expect(try admin.get("/1.1/classes/Post/\(postId)").json?["secret"] == "new")
    }

    @Test func aUsersInvisibleField_isHidden_evenFromThatUser() throws {
        let userId = try emulator.createUser("alice")
        _ = try admin.put("/1.1/users/\(userId)", json: ["internalNote": "vip", "level": 3])
        let alice = try emulator.inProcessClient(asUser: userId)
        #expect(try alice.get("/1.1/users/me").json?["internalNote"] == nil)
        #expect(try alice.get("/1.1/users/me").json?["level"] == 3)
        #expect(try alice.put("/1.1/users/\(userId)", json: ["level": 99]).json?["code"] == 117)
        let login = try client.post("/1.1/login", json: ["username": "alice", "password": "password-of-alice"])
        #expect(login.status == 200 && login.json?["internalNote"] == nil)
    }

    @Test(arguments: [
        #"[]"#, #"{"Post":[]}"#, #"{"Post":{"hidden":["a"]}}"#, #"{"Post":{"readOnly":"a"}}"#,
        #"{"Post":{"readOnly":["objectId"]}}"#, #"{"Post":{"invisible":["a b"]}}"#, #"{"_Mine":{"readOnly":["a"]}}"#,
    ])
    func aMalformedOption_isAConfigurationError(text: String) throws {
        #expect(throws: ConfigurationError.self) { try FieldPermissions(json: try JSONParser.parse(text)) }
    }
}
