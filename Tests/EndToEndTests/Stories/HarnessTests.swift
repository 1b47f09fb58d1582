import EmuTesting
import Foundation
import LCClient
import Testing

/// `EmuTesting.Emulator`: what a user's own integration tests get.
struct HarnessTests {
    @Test func manyEmulators_runInParallel_withSeparateData() async throws {
        async let first = Emulator.start()
        async let second = Emulator.start()
        let (a, b) = try await (first, second)
        #expect(a.port != b.port)
        _ = try await a.application.save(BlogPost(title: "only in a"))
        #expect(try await LCQuery(BlogPost.self).count(in: a.application) == 1)
        #expect(try await LCQuery(BlogPost.self).count(in: b.application) == 0)
    }

    @Test func reset_emptiesTheData_andReloadsTheSeed() async throws {
        let emulator = try await Emulator.start(seeded: true)
        let app = emulator.application
        let seeded = try await LCQuery(className: "Post").count(in: app.withMasterKey())
        _ = try await app.save(BlogPost(title: "temporary"))
        try await emulator.reset()
        #expect(try await LCQuery(BlogPost.self).count(in: app) == 0)
        #expect(try await LCQuery(className: "Post").count(in: app.withMasterKey()) == seeded)
        #expect(seeded > 0)
    }

    @Test func theClock_movesServerTime_withoutSleeping() async throws {
        let emulator = try await Emulator.start()
        let before = try await serverDate(emulator.application)
        emulator.clock.advance(by: .seconds(86_400))
        let after = try await serverDate(emulator.application)
        #expect(after.timeIntervalSince(before) >= 86_400)
    }

    func serverDate(_ app: LCApplication) async throws -> Date {
        try await app.serverDate()
    }

    @Test func theEmulatorStops_whenReleased() async throws {
        var emulator: Emulator? = try await Emulator.start()
        let app = try #require(emulator?.makeApplication())
        _ = try await app.request("GET", "/1.1/date")
        emulator = nil
        let error = await #expect(throws: LCError.self) { try await app.request("GET", "/1.1/date", options: LCRequestOptions(timeout: 5)) }
        #expect(error?.isTransportError == true)
    }

    @Test func credentials_andBaseURL_describeTheRunningApp() async throws {
        let emulator = try await Emulator.start()
        #expect(emulator.baseURL.absoluteString == "http://127.0.0.1:\(emulator.port)")
        #expect(emulator.application.id == emulator.credentials.appId)
        #expect(emulator.application.masterKey == emulator.credentials.masterKey)
    }
}
