import EmuTesting
import LCClient
import Testing

/// The example of the README's "In your Swift tests" section, verbatim, so it keeps compiling.
@Suite struct ReadmeExampleTests {
    @Test func membersOnlyPost_needsTheTestUsersSession() async throws {
        let emulator = try await Emulator.start(seeded: true)   // 127.0.0.1, port 0, in memory
        let app = emulator.application
        try await LCUser.logIn(username: "testuser", password: "lcemu-test-password", in: app)
        let post = try await LCObject.get(className: "Post", objectId: "65a1f0c0e4b0a1d2c3f50028", in: app)
        #expect(post["title"]?.stringValue?.hasPrefix("[Members]") == true)
    }
}
