import EmuTesting
import LCClient
import LCWire
import Testing

/// Story: a suite builds its fixture once (users, objects, a logged-in session), snapshots it,
/// and every test starts from it, whatever the previous test changed.
struct SnapshotStoryTests {
    @Test func eachTest_startsFromTheSavedFixture() async throws {
        let emulator = try await Emulator.start()
        let app = emulator.application
        let owner = try await LCUser.signUp(username: "owner", password: "owner-pass", in: app)
        var list = LCObject(className: "List")
        list.set("title", "Groceries")
        try await list.save(in: app)
        try await emulator.snapshot("fixture")

        for round in 0..<3 {
            try await emulator.restore("fixture")
            #expect(try await LCQuery(className: "List").count(in: app) == 1, "round \(round)")
            #expect(app.currentUser?.objectId == owner.objectId)
            var extra = LCObject(className: "List")
            extra.set("title", "Round \(round)")
            try await extra.save(in: app)   // the owner's session is still valid after a restore
        }
    }
}
