import EmuTesting
import Foundation
import LCClient
import Testing

/// Story 3: the session expires (the emulator clock moves past its lifetime); the next request
/// fails, the app's re-authentication policy logs in again, and the request is retried.
struct SessionExpiryStoryTests {
    static let lifetime: Double = 3600

    @Test func anExpiredSession_isRenewedByThePolicy_andTheRequestSucceeds() async throws {
        let emulator = try await Emulator.start(seeded: true, appOptions: ["sessionLifetime": .number(Self.lifetime)])
        let logIns = LogInCounter()
        let app = emulator.application.withReauthentication(LCReauthentication { app in
            logIns.increment()
            try await LCUser.logIn(username: Seed.username, password: Seed.password, in: app)
        })
        try await LCUser.logIn(username: Seed.username, password: Seed.password, in: app)
        let expiredToken = try #require(app.currentUser?.sessionToken)
        emulator.clock.advance(by: .seconds(Self.lifetime + 1))

        let post = try await app.fetch(SeedPost.self, id: Seed.membersPostId)
        #expect(post.title.hasPrefix("[Members]"))
        #expect(logIns.value == 1)
        #expect(app.currentUser?.sessionToken != expiredToken)
    }

    @Test func withoutAPolicy_theExpiredSessionFails() async throws {
        let emulator = try await Emulator.start(seeded: true, appOptions: ["sessionLifetime": .number(Self.lifetime)])
        let app = emulator.application
        try await LCUser.logIn(username: Seed.username, password: Seed.password, in: app)
        emulator.clock.advance(by: .seconds(Self.lifetime + 1))
        let error = await #expect(throws: LCError.self) { try await app.fetch(SeedPost.self, id: Seed.membersPostId) }
        #expect(error?.httpStatus == 403)
        let me = await #expect(throws: LCError.self) { try await LCUser.fetchCurrent(in: app) }
        #expect(me?.code == .userNotFound)
    }

    @Test func aLiveSession_deniedByAnACL_isNotReauthenticated() async throws {
        let emulator = try await Emulator.start(seeded: true)
        let logIns = LogInCounter()
        let app = emulator.application.withReauthentication(LCReauthentication { _ in logIns.increment() })
        let other = try await LCUser.signUp(username: "someone-else", password: "pw-123456", in: app)
        #expect(other.sessionToken != nil)
        await #expect(throws: LCError.self) { try await app.fetch(SeedPost.self, id: Seed.membersPostId) }
        #expect(logIns.value == 0)
    }
}

/// Counts the policy's log-ins.
// @unchecked: mutable state is read and written under `lock`.
final class LogInCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
