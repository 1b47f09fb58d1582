import EmuTesting
import Foundation
import LCClient
import LCWire
import Testing

/// Story: an app calls cloud functions; the test decides what they answer and checks what the
/// app sent, without any cloud code.
struct CloudFunctionStoryTests {
    @Test func theAppGetsTheStubbedResult_andTheTestSeesTheCall() async throws {
        let emulator = try await Emulator.start()
        try await emulator.functions.stub("averageStars", result: ["average": 4.5, "count": 12])
        let app = emulator.application
        let user = try await LCUser.signUp(username: "rater", password: "secret-pass", in: app)

        let result = try await LCEngine.run("averageStars", parameters: ["movie": "The Matrix"], in: app)
        #expect(result == ["average": 4.5, "count": 12])

        let calls = try await emulator.functions.calls("averageStars")
        #expect(calls == [.init(name: "averageStars", rpc: false, params: ["movie": "The Matrix"], userId: user.objectId)])
    }

    @Test func aStubbedFailure_reachesTheAppAsLCError() async throws {
        let emulator = try await Emulator.start()
        try await emulator.functions.stub("checkout", errorCode: 142, message: "Cloud Code validation failed.")
        let error = await #expect(throws: LCError.self) { try await LCEngine.run("checkout", in: emulator.application) }
        #expect(error?.httpStatus == 400)
        #expect(error?.message == "Cloud Code validation failed.")
    }

    @Test func rpc_returnsTypedValues() async throws {
        let emulator = try await Emulator.start()
        let pointer: JSON = ["__type": "Pointer", "className": "Movie", "objectId": "65a1f0c0e4b0a1d2c3f5aaaa"]
        try await emulator.functions.stub("pick", result: ["movie": pointer, "at": ["__type": "Date", "iso": "2026-11-23T10:00:00.000Z"]])
        let value = try await LCEngine.call("pick", in: emulator.application)
        guard case .dictionary(let object) = value else {
            Issue.record("expected an object, got \(value)")
            return
        }
        guard case .pointer(let movie)? = object["movie"].map(LCValue.init(json:)) else {
            Issue.record("no pointer in \(object)")
            return
        }
        #expect(movie.objectId == "65a1f0c0e4b0a1d2c3f5aaaa")
        #expect(try await emulator.functions.calls().first?.rpc == true)
    }

    @Test func anUnstubbedFunction_isNotFound_andResetForgetsStubs() async throws {
        let emulator = try await Emulator.start()
        try await emulator.functions.stub("hello", result: "hi")
        #expect(try await LCEngine.run("hello", in: emulator.application) == "hi")
        try await emulator.reset()
        let error = await #expect(throws: LCError.self) { try await LCEngine.run("hello", in: emulator.application) }
        #expect(error?.httpStatus == 404)
        #expect(error?.message == "No such cloud function 'hello'")
    }
}
