import EmuTesting
import Foundation
import LCClient
import Testing

/// Story 4: an app fires several requests at once; a request cancelled before it left never
/// reaches the server.
struct ConcurrencyStoryTests {
    @Test func parallelRequests_withAsyncLet_allComplete() async throws {
        let emulator = try await Emulator.start()
        let app = emulator.application
        async let first = app.save(BlogPost(title: "one", likes: 1))
        async let second = app.save(BlogPost(title: "two", likes: 2))
        async let third = app.save(BlogPost(title: "three", likes: 3))
        async let date = app.request("GET", "/1.1/date")
        let saved = try await [first, second, third]
        #expect(Set(saved.compactMap(\.postId)).count == 3)
        #expect(try await date["__type"] == "Date")

        async let count = LCQuery(BlogPost.self).count(in: app)
        async let fetched = app.fetch(BlogPost.self, id: try #require(saved[1].postId))
        #expect(try await count == 3)
        #expect(try await fetched.title == "two")
    }

    /// The gate hands the cancelled create to the real `LCURLSessionTransport`; the check is on
    /// the server: of two creates in the class, only the one not cancelled exists.
    @Test func aCancelledRequest_neverReachesTheServer_whileTheOthersComplete() async throws {
        let emulator = try await Emulator.start()
        let gate = GatedTransport(base: LCURLSessionTransport()) { $0.bodyContains("doomed") }
        let app = emulator.makeApplication(transport: gate)

        let doomed = Task {
            var object = LCObject(className: "Cancelled")
            object.set("marker", "doomed")
            try await object.save(in: app)
        }
        await gate.waitUntilHeld()
        async let kept = { () async throws -> LCObject in
            var object = LCObject(className: "Cancelled")
            object.set("marker", "kept")
            try await object.save(in: app)
            return object
        }()
        doomed.cancel()
        await #expect(throws: CancellationError.self) { try await doomed.value }
        #expect(try await kept.objectId != nil)
        #expect(gate.forwardedAfterCancellation == ["/1.1/classes/Cancelled"])

        // On the server: the class holds the kept object only.
        let stored = try await LCQuery(className: "Cancelled").find(in: emulator.application.withMasterKey())
        #expect(stored.map { $0["marker"] } == ["kept"])
    }

    @Test func aTaskCancelledBeforeSending_failsWithoutARequest() async throws {
        let emulator = try await Emulator.start()
        let gate = GatedTransport(base: LCURLSessionTransport()) { _ in false }
        let app = emulator.makeApplication(transport: gate)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await app.request("GET", "/1.1/date")
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(gate.forwardedPaths.isEmpty)
    }
}
