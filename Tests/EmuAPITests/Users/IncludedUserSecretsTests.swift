import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// A `_User` pulled in by `include` shows no more than the same user fetched directly: its
/// `authData` only to that user and the master key (spec §5.2), `password` and `sessionToken`
/// never.
@Suite struct IncludedUserSecretsTests {
    let emulator: TestServer
    let client: TestClient
    let ownerToken: String
    let userId: String

    init() throws {
        emulator = try TestServer.start()
        client = emulator.inProcessClient()
        let created = try client.post("/1.1/users", json: ["authData": ["weixin": ["openid": "o1", "access_token": "t"]]]).json
        userId = try #require(created?["objectId"]?.stringValue)
        ownerToken = try #require(created?["sessionToken"]?.stringValue)
        let author: JSON = ["__type": "Pointer", "className": "_User", "objectId": .string(userId)]
        let post = try client.post("/1.1/classes/Post", json: ["title": "t", "author": author, "readers": [author]])
        let postId = try #require(post.json?["objectId"]?.stringValue)
        let postPointer: JSON = ["__type": "Pointer", "className": "Post", "objectId": .string(postId)]
        #expect(try client.post("/1.1/classes/Comment", json: ["post": postPointer, "meta": ["by": author]]).status == 201)
    }

    /// Every way an included user reaches a response, and where in it the user sits.
    static let reads: [(path: String, user: @Sendable (JSON?) -> JSON?)] = [
        ("/1.1/classes/Post?include=author", { $0?["results"]?[0]?["author"] }),
        ("/1.1/classes/Post?include=readers", { $0?["results"]?[0]?["readers"]?[0] }),
        ("/1.1/classes/Comment?include=post.author", { $0?["results"]?[0]?["post"]?["author"] }),
        ("/1.1/classes/Comment?include=meta.by", { $0?["results"]?[0]?["meta"]?["by"] }),
        ("/1.1/classes/Post?include=author&keys=author.authData,author.username", { $0?["results"]?[0]?["author"] }),
    ]

    @Test func includedUser_hidesAuthData_fromOthers_andShowsItToItsOwnerAndMaster() throws {
        let stranger = try emulator.createUser("stranger")
        let callers: [(name: String, client: TestClient, seesAuthData: Bool)] = [
            ("no session", client, false), ("another user", try emulator.inProcessClient(asUser: stranger), false),
            ("owner", client.acting(as: ownerToken), true), ("master", emulator.inProcessClient(credentials: .masterKey), true),
        ]
        for (path, user) in Self.reads {
            for caller in callers {
                let response = try caller.client.get(path)
                let included = try #require(user(response.json)?.objectValue, "\(path) as \(caller.name): \(response.text)")
                #expect(included["objectId"] == .string(userId), "\(path)")
                #expect((included["authData"] != nil) == caller.seesAuthData, "\(path) as \(caller.name)")
                #expect(included["password"] == nil && included["sessionToken"] == nil, "\(path) as \(caller.name)")
            }
        }
    }

    @Test func includedUser_inAFetch_hidesAuthData_fromOthers() throws {
        let postId = try #require(client.get("/1.1/classes/Post").json?["results"]?[0]?["objectId"]?.stringValue)
        let fetched = try client.get("/1.1/classes/Post/\(postId)?include=author").json?["author"]?.objectValue
        #expect(fetched?["username"] != nil)
        #expect(fetched?["authData"] == nil)
        let own = try client.acting(as: ownerToken).get("/1.1/classes/Post/\(postId)?include=author").json?["author"]
        #expect(own?["authData"] != nil)
    }

    @Test func includedUser_inABatch_hidesAuthData_fromOthers() throws {
        let batch: JSON = ["requests": [["method": "GET", "path": "/1.1/classes/Post", "params": ["include": "author"]]]]
        let response = try client.post("/1.1/batch", json: batch)
        let included = response.json?[0]?["success"]?["results"]?[0]?["author"]?.objectValue
        #expect(included?["username"] != nil, "\(response.text)")
        #expect(included?["authData"] == nil)
    }
}
