import Dispatch
@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import Foundation
import LCWire
import Primitives
import Testing

/// Matching runs outside the routes' lock: one request's matchers (a slow regex, here a test's
/// gate) never queue another request. And the regex budget is the request's: once spent, no
/// further route's matchers run. Watched through `CustomRoutes.observeMatching`, not the clock.
@Suite struct RouteMatchingConcurrencyTests {
    let emulator: TestServer
    let admin: TestClient
    let routes: CustomRoutes

    init() throws {
        emulator = try TestServer.start()
        admin = emulator.inProcessClient(credentials: .masterKey)
        routes = try #require(emulator.emulator.app(emulator.app.appId)?.customRoutes)
    }

    @Test func aSpentBudget_stopsMatching_atTheFirstCatastrophicRoute() throws {
        for index in 0..<20 { _ = try admin.post("/__admin/routes", json: RegexBudgetTests.catastrophic(index)) }
        let tried = Locked<[String]>([])
        routes.observeMatching { id in tried.withValue { $0.append(id) } }
        let answer = try emulator.inProcessClient(credentials: .none).post("/slow", json: RegexBudgetTests.evil)
        #expect(answer.status == 500)
        // Routes added over HTTP are tried in the order added: the first one spends the budget.
        #expect(tried.current == ["slow-0"])
    }

    @Test func aRequestPausedInItsMatchers_doesNotHoldUpAnotherRoute() throws {
        _ = try admin.post("/__admin/routes", json: ["id": "gated", "request": ["path": "/gated", "headers": ["X-Gate": ["present": true]]],
                                                     "response": ["json": ["gated": true]]])
        _ = try admin.post("/__admin/routes", json: ["id": "plain", "request": ["path": "/plain"], "response": ["json": ["plain": true]]])
        let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        routes.observeMatching { id in
            guard id == "gated" else { return }
            entered.signal()
            // Bounded too: a test that fails before opening the gate never hangs the run.
            _ = release.wait(timeout: .now() + Self.deadlockGuard)
        }
        // However the test ends, the gate opens (and opens again for any later caller).
        defer { release.signal() }
        // In process: each request is matched on its own thread here, so only a lock could make
        // one wait for the other (over sockets, two connections may share an event loop).
        let device = emulator.inProcessClient(credentials: .none)
        let gated = Locked<JSON?>(nil), plain = Locked<JSON?>(nil)
        let gatedDone = DispatchSemaphore(value: 0), plainDone = DispatchSemaphore(value: 0)
        Thread { gated.withValue { $0 = try? device.get("/gated", headers: ["X-Gate": "1"]).json }; gatedDone.signal() }.start()
        try #require(entered.wait(timeout: .now() + Self.deadlockGuard) == .success)
        Thread { plain.withValue { $0 = try? device.get("/plain").json }; plainDone.signal() }.start()
        // Behind a lock, /plain would never answer while /gated is paused.
        let answeredWhilePaused = plainDone.wait(timeout: .now() + Self.deadlockGuard) == .success
        release.signal()
        try #require(gatedDone.wait(timeout: .now() + Self.deadlockGuard) == .success)
        if !answeredWhilePaused { try #require(plainDone.wait(timeout: .now() + Self.deadlockGuard) == .success) }
        #expect(answeredWhilePaused)
        #expect(plain.current?["plain"] == true)
        #expect(gated.current?["gated"] == true)
    }

    /// Not a timing threshold: a deadlock guard, so that a failure ends the test instead of
    /// hanging the whole run. A passing test never waits this long.
    static let deadlockGuard = DispatchTimeInterval.seconds(60)

    /// A regex may spend the request's whole budget: a request that a regex route fits is
    /// matched on the worker pool, never on the event loop that serves other connections.
    @Test func regexMatchers_runOnTheWorkerPool() throws {
        _ = try admin.post("/__admin/routes", json: ["id": "phone", "request": ["path": "/phone", "query": ["n": ["matches": "^1[3-9][0-9]{9}$"]]],
                                                     "response": ["json": ["ok": true]]])
        let onWorker = Locked<[Bool]>([])
        routes.observeMatching { _ in onWorker.withValue { $0.append(WorkerPool.isWorkerThread) } }
        #expect(try emulator.inProcessClient(credentials: .none).get("/phone?n=13812345678").json?["ok"] == true)
        #expect(!onWorker.current.isEmpty && onWorker.current.allSatisfy { $0 })
    }

    /// Only requests that a regex route fits go to the pool: `/1.1/date` and a plain route's
    /// requests stay where they arrived, and never queue behind the pool's slow work. Seen
    /// through routes without a regex whose method and path fit (`/1.1/date`'s never answers).
    @Test func requestsNoRegexRouteFits_stayOffTheWorkerPool() throws {
        _ = try admin.post("/__admin/routes", json: ["id": "phone", "request": ["path": "/phone", "query": ["n": ["matches": "^1[3-9][0-9]{9}$"]]],
                                                     "response": ["json": ["ok": true]]])
        _ = try admin.post("/__admin/routes", json: ["id": "plain", "request": ["path": "/plain"], "response": ["json": ["plain": true]]])
        _ = try admin.post("/__admin/routes", json: ["id": "date", "request": ["method": "GET", "path": "/1.1/date", "headers": ["X-Never": ["present": true]]],
                                                     "response": ["json": ["never": true]]])
        let onWorker = Locked<[String: Bool]>([:])
        routes.observeMatching { id in onWorker.withValue { $0[id] = WorkerPool.isWorkerThread } }
        let device = emulator.inProcessClient(credentials: .none)
        #expect(try emulator.inProcessClient().get("/1.1/date").json?["__type"] == "Date")
        #expect(try device.get("/plain").json?["plain"] == true)
        #expect(try device.get("/phone?n=13812345678").json?["ok"] == true)
        #expect(onWorker.current == ["date": false, "plain": false, "phone": true])
    }
}
