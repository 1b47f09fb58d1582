import EmuTestSupport
import EmuAPI
import EmuCrypto
import EmuTesting
import LCWire
import Testing

/// The seeded scenario (docs/seed.md): 32 public posts and 8 readable only by `testuser`.
@Suite struct SeedAccessTests {
    let emulator: TestServer
    init() throws { emulator = try TestServer.start(seeded: true) }

    static let privatePost = "/1.1/classes/Post/65a1f0c0e4b0a1d2c3f50028"

    @Test func privatePost_isRefusedAnonymously_andServedToTheTestUser() throws {
        let anonymous = try emulator.inProcessClient().get(Self.privatePost)
        #expect(anonymous.status == 403)
        #expect(anonymous.text == #"{"code":403,"error":"Forbidden reading by object's ACL."}"#)
        let user = try emulator.inProcessClient(asUser: TestServer.seedUserId).get(Self.privatePost)
        #expect(user.status == 200)
        #expect(user.json?["title"]?.stringValue?.hasPrefix("[Members]") == true)
    }

    @Test func postQuery_counts32Anonymously_and40ForTheTestUser() throws {
        let anonymous = try emulator.inProcessClient().get("/1.1/classes/Post?count=1&limit=1000")
        #expect(anonymous.json?["count"] == 32)
        #expect(anonymous.json?["results"]?.arrayValue?.count == 32)
        let user = try emulator.inProcessClient(asUser: TestServer.seedUserId).get("/1.1/classes/Post?count=1&limit=1000")
        #expect(user.json?["count"] == 40)
        #expect(user.json?["results"]?.arrayValue?.count == 40)
    }

    @Test func skipAndLimit_pageOverReadablePostsOnly() throws {
        let page = try emulator.inProcessClient().get("/1.1/classes/Post?skip=30&limit=10&order=createdAt")
        #expect(page.json?["results"]?.arrayValue?.count == 2)
    }

    @Test func seedUser_isStoredWithAHashedPassword_andRendersWithoutIt() throws {
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        let stored = try app.database.read { db in
            try ObjectStore.fetch(className: "_User", objectId: TestServer.seedUserId, in: db)
        }
        let hash = try #require(stored?.fields["password"]?.stringValue)
        #expect(hash != "lcemu-test-password")
        #expect(PasswordHasher().verify(password: "lcemu-test-password", encoded: hash))
        let fetched = try emulator.inProcessClient().get("/1.1/classes/_User/\(TestServer.seedUserId)")
        #expect(fetched.json?["username"] == "testuser")
        #expect(fetched.json?["password"] == nil)
    }

    @Test func reset_keepsTheSeedUsersPasswordVerifiable() throws {
        try emulator.inProcessClient(credentials: .masterKey).post("/__admin/reset")
        let app = try #require(emulator.emulator.app(emulator.app.appId))
        let hash = try app.database.read { db in
            try ObjectStore.fetch(className: "_User", objectId: TestServer.seedUserId, in: db)?.fields["password"]?.stringValue
        }
        #expect(PasswordHasher().verify(password: "lcemu-test-password", encoded: hash ?? ""))
    }
}
