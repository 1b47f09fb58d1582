import EmuAPI
import EmuTesting
import LCWire
import Testing

/// The seeded private posts over a real socket (docs/seed.md, spec §6.2).
@Suite struct SeedAccessEndToEndTests {
    @Test func privatePosts_needTheTestUsersSession() throws {
        let emulator = try TestEmulator.start(seeded: true)
        let anonymous = emulator.client()
        var user = emulator.client()
        user.sessionToken = try emulator.sessionToken(forUser: TestEmulator.seedUserId)
        let post = "/1.1/classes/Post/65a1f0c0e4b0a1d2c3f50028"

        let refused = try anonymous.get(post)
        #expect(refused.status == 403)
        #expect(refused.text == #"{"code":403,"error":"Forbidden reading by object's ACL."}"#)
        #expect(try user.get(post).status == 200)

        #expect(try anonymous.get("/1.1/classes/Post?count=1&limit=0").json?["count"] == 32)
        #expect(try user.get("/1.1/classes/Post?count=1&limit=0").json?["count"] == 40)
        #expect(try user.get("/1.1/classes/Post?limit=1000").json?["results"]?.arrayValue?.count == 40)

        // Private posts are writable by the test user only.
        #expect(try anonymous.put(post, json: ["likes": 1]).status == 403)
        #expect(try user.put(post, json: ["likes": 1]).status == 200)
    }
}

/// The same scenario on the real binary with the project's seed: what needs no session.
@Suite struct SeedAccessBinaryTests {
    @Test func binary_servesThePublicPostsOnly_withoutASession() throws {
        let data = try TemporaryDirectory()
        let seed = try #require(SeedLocator.defaultDirectory())
        let server = try RunningBinary.serve(["--data", data.path, "--seed", seed])
        let anonymous = TestClient(transport: .live(host: "127.0.0.1", port: server.port), app: .development,
                                   credentials: .signedAppKey)
        var master = anonymous
        master.credentials = .masterKey
        #expect(try anonymous.get("/1.1/classes/Post/65a1f0c0e4b0a1d2c3f50028").status == 403)
        #expect(try anonymous.get("/1.1/classes/Post/65a1f0c0e4b0a1d2c3f50001").status == 200)
        #expect(try anonymous.get("/1.1/classes/Post?count=1&limit=0").json?["count"] == 32)
        #expect(try master.get("/1.1/classes/Post?count=1&limit=0").json?["count"] == 40)
        #expect(try anonymous.get("/1.1/classes/_User/64b7f0c2e4b0a1d2c3f40001").json?["username"] == "testuser")
    }
}
