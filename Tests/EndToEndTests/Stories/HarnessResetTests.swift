import EmuAPI
import EmuTesting
import Foundation
import LCClient
import Testing

/// `EmuTesting.Emulator.reset()`: a fresh start for the next test on the same emulator (data,
/// seed, outbox, clock, current user), for the default app only.
struct HarnessResetTests {
    @Test func reset_putsTheClockBackToRealTime() async throws {
        let emulator = try await EmuTesting.Emulator.start()
        emulator.clock.advance(by: .seconds(86_400 * 30))
        let warped = try await emulator.application.serverDate()
        try await emulator.reset()
        let after = try await emulator.application.serverDate()
        #expect(warped.timeIntervalSinceNow > 86_400 * 29)
        #expect(abs(after.timeIntervalSinceNow) < 3600)
    }

    @Test func reset_unpinsAPinnedClock() async throws {
        let emulator = try await EmuTesting.Emulator.start()
        emulator.clock.set(milliseconds: 0)
        #expect(emulator.clock.nowMilliseconds == 0)
        try await emulator.reset()
        #expect(emulator.clock.nowMilliseconds > 1_700_000_000_000)
    }

    @Test func reset_emptiesTheOutbox_andLogsOut() async throws {
        let emulator = try await EmuTesting.Emulator.start(seeded: true)
        let app = emulator.application
        try await LCSMS.requestCode(mobilePhoneNumber: "+8618600000009", in: app)
        try await LCUser.logIn(username: Seed.username, password: Seed.password, in: app)
        try await emulator.reset()
        #expect(try await emulator.outbox.messages().isEmpty)
        #expect(app.currentUser == nil)
    }

    @Test func reset_coversTheDefaultAppOnly() async throws {
        let other = AppConfiguration(appId: "other-app", appKey: "other-key", masterKey: "other-master")
        let emulator = try await EmuTesting.Emulator.start { $0.apps.append(other) }
        let second = LCApplication(id: other.appId, key: other.appKey, serverURL: emulator.baseURL)
        var kept = LCObject(className: "Note")
        kept.set("text", "in the second app")
        try await kept.save(in: second)
        var dropped = LCObject(className: "Note")
        dropped.set("text", "in the default app")
        try await dropped.save(in: emulator.application)

        try await emulator.reset()
        #expect(try await LCQuery(className: "Note").count(in: emulator.application) == 0)
        #expect(try await LCQuery(className: "Note").count(in: second) == 1)
    }
}
