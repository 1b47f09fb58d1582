import EmuTesting
import Foundation
import LCClient
import Testing

/// Story 4: an app fires several requests at once; a request cancelled on the way never
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

    @Test func aCancelledRequest_neverReachesTheServer_whileTheOthersComplete() async throws {
        let emulator = try await Emulator.start()
        let gate = GatedTransport(base: LCURLSessionTransport(), holding: "/1.1/classes/Cancelled")
        let app = emulator.makeApplication(transport: gate)

        let doomed = Task {
            var object = LCObject(className: "Cancelled")
            object.set("marker", "never")
            try await object.save(in: app)
        }
        await gate.waitUntilHeld()
        async let kept = app.save(BlogPost(title: "kept"))
        doomed.cancel()
        await #expect(throws: CancellationError.self) { try await doomed.value }
        #expect(try await kept.postId != nil)

        // The server never saw the cancelled create: the class has no object.
        #expect(try await LCQuery(className: "Cancelled").count(in: emulator.application) == 0)
        #expect(!gate.forwardedPaths.contains("/1.1/classes/Cancelled"))
    }

    @Test func aTaskCancelledBeforeSending_failsWithoutARequest() async throws {
        let emulator = try await Emulator.start()
        let gate = GatedTransport(base: LCURLSessionTransport(), holding: "/never")
        let app = emulator.makeApplication(transport: gate)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await app.request("GET", "/1.1/date")
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(gate.forwardedPaths.isEmpty)
    }
}
