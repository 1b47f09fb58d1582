import EmuTesting
import Foundation
import LCClient
import Testing

/// A social feed as an iOS app builds it with LCClient: alice posts to her followers and writes
/// to bob privately; bob pages his timeline, counts what is unread, marks it read, and removes
/// one status; alice deletes one of hers everywhere.
struct StatusStoryTests {
    @Test func aTimeline_publishedByAlice_readByBob() async throws {
        let emulator = try await Emulator.start()
        let app = emulator.application
        let alice = try await LCUser.signUp(username: "alice", password: "secret-1", in: app)
        let bob = try await LCUser.signUp(username: "bob", password: "secret-1", in: app)
        _ = try await app.request("POST", "/1.1/users/self/friendship/\(alice.objectId)")  // bob follows alice

        app.setCurrentUser(alice)
        var posts: [LCStatus] = []
        for n in 1...3 { posts.append(try await LCStatus.sendToFollowers(["n": .number(Double(n))], in: app)) }
        let secret = try await LCStatus.sendPrivately(["message": "psst"], to: bob.pointer, in: app)
        #expect(secret.inboxType == "private" && secret.source == alice.pointer && secret.createdAt != nil)

        app.setCurrentUser(bob)
        let timeline = LCInbox(owner: bob.pointer)
        let newest = try await timeline.statuses(limit: 2, in: app)
        #expect(newest.map(\.messageId) == [3, 2])
        #expect(newest.map(\.objectId) == [posts[2].objectId, posts[1].objectId])
        #expect(newest.first?.source == alice.pointer && newest.first?["n"] == 3)
        #expect(try await timeline.statuses(maxId: 1, in: app).map(\.objectId) == [posts[0].objectId])
        #expect(try await timeline.statuses(sinceId: 2, in: app).map(\.messageId) == [3])
        let filtered = try await timeline.statuses(where: LCQuery(className: "_Status").whereKey("n", .greaterThan(1)), in: app)
        #expect(filtered.map(\.messageId) == [3, 2])
        #expect(try await timeline.counts(in: app) == (3, 3))
        try await timeline.resetUnreadCount(in: app)
        #expect(try await timeline.counts(in: app) == (3, 0))
        let privateInbox = LCInbox(owner: bob.pointer, type: "private")
        #expect(try await privateInbox.statuses(in: app).map { $0["message"] } == ["psst"])
        try await timeline.remove(messageId: 1, in: app)
        #expect(try await timeline.statuses(in: app).map(\.messageId) == [3, 2])

        app.setCurrentUser(alice)
        try await posts[2].delete(in: app)
        app.setCurrentUser(bob)
        #expect(try await timeline.statuses(in: app).map(\.messageId) == [2])
        await #expect(throws: LCError.self) { try await posts[1].delete(in: app) }

        app.logOut()
        let refused = await #expect(throws: LCError.self) { try await LCStatus.sendToFollowers(["n": 4], in: app) }
        #expect(refused?.code == .notLoggedIn)
    }
}
