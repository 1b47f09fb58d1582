import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// The seeded private posts over a real socket (docs/seed.md, spec §6.2): refused without the
/// test user's session, served with the one `POST /1.1/login` gives.
enum SeedAccessStory {
    static let privatePost = "/1.1/classes/Post/65a1f0c0e4b0a1d2c3f50028"

    /// Runs the story with `anonymous` (app-key credentials, no session).
    static func run(_ anonymous: TestClient, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let refused = try anonymous.get(privatePost)
        #expect(refused.status == 403, sourceLocation: sourceLocation)
        #expect(refused.text == #"{"code":403,"error":"Forbidden reading by object's ACL."}"#, sourceLocation: sourceLocation)
        #expect(try anonymous.get("/1.1/classes/Post?count=1&limit=0").json?["count"] == 32, sourceLocation: sourceLocation)
        #expect(try anonymous.put(privatePost, json: ["likes": 1]).status == 403, sourceLocation: sourceLocation)

        let login = try anonymous.post("/1.1/login", json: ["username": "testuser", "password": "lcemu-test-password"])
        #expect(login.status == 200, "\(login.text)", sourceLocation: sourceLocation)
        var user = anonymous
        user.sessionToken = try #require(login.json?["sessionToken"]?.stringValue, sourceLocation: sourceLocation)
        #expect(try user.get(privatePost).status == 200, sourceLocation: sourceLocation)
        #expect(try user.get("/1.1/classes/Post?count=1&limit=0").json?["count"] == 40, sourceLocation: sourceLocation)
        #expect(try user.get("/1.1/classes/Post?limit=1000").json?["results"]?.arrayValue?.count == 40,
                sourceLocation: sourceLocation)
        #expect(try user.put(privatePost, json: ["likes": 1]).status == 200, sourceLocation: sourceLocation)
    }
}

@Suite struct SeedAccessEndToEndTests {
    @Test func privatePosts_needTheTestUsersSession_overTheSocket() async throws {
        let emulator = try TestServer.start(seeded: true)
        try SeedAccessStory.run(emulator.client())
    }

    @Test func privatePosts_needTheTestUsersSession_inTheRealBinary() async throws {
        let data = try TemporaryDirectory()
        let seed = try #require(SeedLocator.defaultDirectory())
        let server = try await TestServer.startAsync(.binary, arguments: ["--data", data.path, "--seed", seed])
        let anonymous = server.client()
        try SeedAccessStory.run(anonymous)
        var master = anonymous
        master.credentials = .masterKey
        #expect(try master.get("/1.1/classes/Post?count=1&limit=0").json?["count"] == 40)
    }
}
