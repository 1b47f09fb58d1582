@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire
import Testing

/// What a caller may not read of a `_User`, it may not query either: `{"password":{"$regex":"^p"}}`
/// with `count` would read the hash out one character at a time, and the same on
/// `authData.weixin.access_token` another user's third-party token. `password` is refused to
/// everyone (spec §12.5: never returned), `authData` to all but the master key.
@Suite struct UserSecretQueryTests {
    static func escaped(_ json: JSON) -> String { QueryString.escape(json.jsonString) }

    static let probes: [String] = [
        "/1.1/users?count=1&limit=0&where=" + escaped(["password": ["$regex": "^pbkdf2"]]),
        "/1.1/classes/_User?count=1&limit=0&where=" + escaped(["password": ["$exists": true]]),
        "/1.1/users?order=password", "/1.1/users?order=-password.x",
        "/1.1/classes/Post?where=" + escaped(["author": ["$inQuery": ["className": "_User", "where": ["password": ["$gt": ""]]]]]),
        "/1.1/classes/Post?where=" + escaped(["title": ["$select": ["query": ["className": "_User"], "key": "password"]]]),
        "/1.1/classes/Post?where=" + escaped(["author": ["$inQuery": ["className": "_User", "where": [:], "order": "password"]]]),
        "/1.1/cloudQuery?cql=" + QueryString.escape("select count(*) from _User where password like 'pbkdf2%'"),
    ]

    @Test(arguments: probes)
    func queriesOnTheUserPassword_areRefused_evenWithTheMasterKey(path: String) throws {
        let open = try AppOptions(json: ["classPermissions": ["_User": ["find": "*"]]])
        let emulator = try TestServer.start { $0.apps[0].options = open }
        _ = try emulator.createUser("alice")
        for client in [emulator.inProcessClient(), emulator.inProcessClient(credentials: .masterKey)] {
            let response = try client.get(path)
            #expect(response.status == 400, "\(path): \(response.text)")
            #expect(response.json?["code"] == 1)
        }
    }

    @Test func aPasswordField_ofAnotherClass_staysQueryable() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient()
        #expect(try client.post("/1.1/classes/Door", json: ["password": "open sesame"]).status == 201)
        let response = try client.get("/1.1/classes/Door?order=password&where=" + Self.escaped(["password": ["$regex": "^open"]]))
        #expect(response.json?["results"]?.arrayValue?.count == 1)
    }

    static let authDataProbes: [String] = [
        "/1.1/users?count=1&limit=0&where=" + escaped(["authData.weixin.access_token": ["$regex": "^t"]]),
        "/1.1/classes/_User?count=1&where=" + escaped(["authData": ["$exists": true]]), "/1.1/users?order=authData.weixin.openid",
        "/1.1/classes/Post?where=" + escaped(["author": ["$inQuery": ["className": "_User", "where": ["authData.weixin.openid": "o1"]]]]),
        "/1.1/cloudQuery?cql=" + QueryString.escape("select count(*) from _User where authData.weixin.openid = 'o1'"),
    ]

    @Test(arguments: authDataProbes)
    func queriesOnAuthData_areRefused_toAllButTheMasterKey(path: String) throws {
        let open = try AppOptions(json: ["classPermissions": ["_User": ["find": "*"]]])
        let emulator = try TestServer.start { $0.apps[0].options = open }
        let client = emulator.inProcessClient()
        let created = try client.post("/1.1/users", json: ["authData": ["weixin": ["openid": "o1", "access_token": "t"]]])
        var owner = client
        owner.sessionToken = created.json?["sessionToken"]?.stringValue
        for caller in [client, owner] {
            let response = try caller.get(path)
            #expect(response.status == 400, "\(path): \(response.text)")
            #expect(response.json?["code"] == 1)
        }
        #expect(try emulator.inProcessClient(credentials: .masterKey).get(path).status == 200)
    }
}
