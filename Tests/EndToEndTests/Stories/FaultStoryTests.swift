import EmuTesting
import Foundation
import LCClient
import LCWire
import Testing

/// Story: an app's error handling is tested against an outage, a rate limit and a slow
/// answer that outlasts the client's timeout, with no change to the app.
struct FaultStoryTests {
    @Test func anOutage_thenRecovery() async throws {
        let emulator = try await Emulator.start(seeded: true)
        try await emulator.injectFault(path: "/1.1/classes/Post", status: 503, times: 2)
        for _ in 0..<2 {
            let error = await #expect(throws: LCError.self) { try await LCQuery(className: "Post").find(in: emulator.application) }
            #expect(error?.httpStatus == 503)
        }
        #expect(try await LCQuery(className: "Post").find(in: emulator.application).isEmpty == false)
    }

    @Test func aRateLimit_keepsLeanCloudsCodeAndMessage() async throws {
        let emulator = try await Emulator.start()
        try await emulator.injectFault(path: "/1.1/functions/*", method: "POST", status: 429, message: "Too many requests.")
        try await emulator.functions.stub("hello", result: "hi")
        let error = await #expect(throws: LCError.self) { try await LCEngine.run("hello", in: emulator.application) }
        #expect(error?.httpStatus == 429)
        #expect(error?.message == "Too many requests.")
        #expect(try await LCEngine.run("hello", in: emulator.application) == "hi")
    }

    /// The answer is held for the longest delay, so the client's timeout wins however slowly a
    /// loaded machine runs its timers: no race between the two. The held request is still in
    /// flight when the test ends: a short grace period keeps the shutdown from waiting on it.
    @Test func aSlowAnswer_pastTheClientTimeout_isATimedOutError() async throws {
        let emulator = try await Emulator.start(configure: { $0.http.shutdownGracePeriod = 0.2 })
        try await emulator.injectDelay(path: "/1.1/date", milliseconds: 60_000)
        let error = await #expect(throws: LCError.self) {
            try await emulator.application.request("GET", "/1.1/date", options: LCRequestOptions(timeout: 0.5))
        }
        #expect(error?.code == .timedOut)
        #expect(try await emulator.application.request("GET", "/1.1/date")["__type"] == "Date")
    }
}
