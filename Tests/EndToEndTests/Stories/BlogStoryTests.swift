import EmuTesting
import Foundation
import LCClient
import Testing

/// Story 1: the blog app of the reference material logs in with the legacy GET and reads a
/// members-only post; without the session the same read is refused.
struct BlogStoryTests {
    @Test func theTestUser_logsInWithTheLegacyGet_andReadsAMembersOnlyPost() async throws {
        let emulator = try await Emulator.start(seeded: true)
        let app = emulator.application
        let user = try await LCUser.logIn(username: Seed.username, password: Seed.password, using: .legacyGet, in: app)
        #expect(user.objectId == Seed.userId)
        #expect(user.sessionToken?.count == 25)
        #expect(user["password"] == nil)
        #expect(app.currentUser == user)

        let post = try await app.fetch(SeedPost.self, id: Seed.membersPostId)
        #expect(post.postId == Seed.membersPostId)
        #expect(post.title.hasPrefix("[Members]"))
        #expect(post.summary?.isEmpty == false)
        #expect(post.createdAt != nil)
        #expect(try await LCQuery(SeedPost.self).count(in: app) == Seed.postCount)
    }

    @Test func withoutTheSession_theSameFetchIsRefused_andQueriesLeaveMembersPostsOut() async throws {
        let emulator = try await Emulator.start(seeded: true)
        let app = emulator.application
        try await LCUser.logIn(username: Seed.username, password: Seed.password, using: .legacyGet, in: app)
        app.logOut()
        let error = await #expect(throws: LCError.self) { try await app.fetch(SeedPost.self, id: Seed.membersPostId) }
        #expect(error?.httpStatus == 403)
        #expect(error?.message == "Forbidden reading by object's ACL.")
        #expect(try await LCQuery(SeedPost.self).count(in: app) == Seed.publicPostCount)
    }

    @Test func theCurrentUserStream_followsLogInAndLogOut() async throws {
        let emulator = try await Emulator.start(seeded: true)
        let app = emulator.application
        var states = app.currentUserUpdates.makeAsyncIterator()
        #expect(await states.next() == .some(nil))
        try await LCUser.logIn(username: Seed.username, password: Seed.password, in: app)
        #expect(await states.next()??.username == Seed.username)
        app.logOut()
        #expect(await states.next() == .some(nil))
    }

    @Test func aWrongPassword_isNamed() async throws {
        let emulator = try await Emulator.start(seeded: true)
        let error = await #expect(throws: LCError.self) {
            try await LCUser.logIn(username: Seed.username, password: "wrong", in: emulator.application)
        }
        #expect(error?.code == .usernamePasswordMismatch)
        #expect(emulator.application.currentUser == nil)
    }
}
