import EmuTesting
import Foundation
import LCClient
import LCWire
import Testing

/// The cloud-function snippets of docs/client.md and docs/functions.md, verbatim, run against
/// a live emulator with the stubs they need.
struct FunctionDocExampleTests {
    @Test func clientReference_cloudFunctions() async throws {
        let emulator = try await Emulator.start()
        try await emulator.functions.stub("averageStars", result: ["average": 4.5])
        try await emulator.functions.stub("pick", result: ["__type": "Date", "iso": "2026-11-23T10:00:00.000Z"])
        let app = emulator.application
        let result: JSON = try await LCEngine.run("averageStars", parameters: ["movie": "The Matrix"], in: app)
        let typed: LCValue = try await LCEngine.call("pick", parameters: [:], in: app)   // RPC: types recognised
        #expect(result == ["average": 4.5])
        guard case .date = typed else {
            Issue.record("expected a date, got \(typed)")
            return
        }
    }

    @Test func functionsGuide_fromSwift() async throws {
        let emulator = try await Emulator.start()
        try await emulator.functions.stub("averageStars", result: ["average": 4.5])
        try await emulator.functions.stub("checkout", errorCode: 142, message: "Cloud Code validation failed.")

        let result = try await LCEngine.run("averageStars", parameters: ["movie": "The Matrix"], in: emulator.application)
        let calls = try await emulator.functions.calls("averageStars")   // name, rpc, params, userId
        #expect(result == ["average": 4.5])
        #expect(calls.map(\.params) == [["movie": "The Matrix"]])
        #expect(try await emulator.functions.calls("checkout").isEmpty)
    }
}
