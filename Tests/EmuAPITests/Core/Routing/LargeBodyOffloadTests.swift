import Dispatch
@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
import EmuHTTP
@testable import EmuRouting
@testable import EmuTools
import Primitives
import Testing

/// A large body is read on the worker pool, never on the connection's thread; a small one is
/// handled where it arrived. Observed with the pool's only worker held by a gate, without timing.
struct LargeBodyOffloadTests {
    @Test func aLargeBody_waitsForThePool_aSmallOneDoesNot() throws {
        let pool = WorkerPool(width: 1)
        let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        pool.submit { started.signal(); gate.wait() }
        // Whatever fails below, the held worker is let go and no wait lasts for ever.
        defer { gate.signal() }
        try #require(started.wait(timeout: .now() + .seconds(60)) == .success)
        let handled = Locked<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        let offload = LargeBodyOffload(inner: ClosureHTTPHandler { request, respond in
            handled.withValue { $0.append(request.body.count) }
            respond(HTTPResponse(status: 200))
        }, pool: pool)
        let small = HTTPRequest(method: "POST", target: "/1.1/classes/Post", path: "/1.1/classes/Post", body: Array(repeating: 32, count: 10))
        let large = HTTPRequest(method: "POST", target: "/1.1/classes/Post", path: "/1.1/classes/Post",
                                body: Array(repeating: 32, count: LargeBodyOffload.inlineBodyLimit + 1))
        offload.handle(large) { _ in done.signal() }
        offload.handle(small) { _ in }
        #expect(handled.withValue { $0 } == [10])  // the large one waits for the held worker
        gate.signal()
        try #require(done.wait(timeout: .now() + .seconds(60)) == .success)
        #expect(handled.withValue { $0 } == [10, LargeBodyOffload.inlineBodyLimit + 1])
    }
}
