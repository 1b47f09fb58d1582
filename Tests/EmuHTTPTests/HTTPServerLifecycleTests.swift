import EmuTestSupport
import Dispatch
import EmuHTTP
import Primitives
import Testing

@Suite struct HTTPServerLifecycleTests {
    @Test func thousandIdleConnections_doNotStarveAnotherClient() throws {
        let live = try TestServer.start(handler: Echo.handler)
        let idle = try (0..<1000).map { _ in try live.connect() }
        let client = try live.connect()
        for i in 0..<10 { #expect(try client.request("GET", "/busy/\(i)").status == 200) }
        #expect(idle.count == 1000)
    }

    @Test(arguments: HTTPEventModel.allCases)
    func shutdown_letsRequestInFlightFinish_thenStopsAccepting(model: HTTPEventModel) throws {
        let held = HeldRequest(body: { _ in "done" })
        let (started, release) = (held.started, held.release)
        let live = try TestServer.start(handler: held.handler, configure: { $0.eventModel = model })
        let busy = try live.connect()
        let idle = try live.connect()
        #expect(try idle.request("GET", "/quick").status == 200)
        try busy.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        started.wait()
        let finished = DispatchSemaphore(value: 0)
        let clean = Locked(false)
        DispatchQueue.global().async {
            clean.withValue { $0 = live.httpServer.shutdown(gracePeriod: 5) }
            finished.signal()
        }
        #expect(idle.readsEOF())  // idle connections close at once
        release.signal()
        let response = try busy.readResponse()
        #expect(response.bodyText == "done")
        #expect(response.headers["Connection"] == "close")
        finished.wait()
        #expect(clean.current)
        #expect(throws: (any Error).self) { try live.connect().request("GET", "/") }
    }
}
