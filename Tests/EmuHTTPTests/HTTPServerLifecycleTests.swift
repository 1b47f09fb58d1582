import Dispatch
import EmuHTTP
import Primitives
import Testing

@Suite struct HTTPServerLifecycleTests {
    @Test func thousandIdleConnections_doNotStarveAnotherClient() throws {
        let live = try LiveServer()
        let idle = try (0..<1000).map { _ in try live.client() }
        let client = try live.client()
        for i in 0..<10 { #expect(try client.request("GET", "/busy/\(i)").status == 200) }
        #expect(idle.count == 1000)
    }

    @Test(arguments: HTTPEventModel.allCases)
    func shutdown_letsRequestInFlightFinish_thenStopsAccepting(model: HTTPEventModel) throws {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let handler = ClosureHTTPHandler { request, respond in
            DispatchQueue.global().async {
                if request.path == "/slow" {
                    started.signal()
                    release.wait()
                }
                respond(HTTPResponse(status: 200, contentType: "text/plain", body: "done"))
            }
        }
        let live = try LiveServer(configure: { $0.eventModel = model }, handler: handler)
        let busy = try live.client()
        let idle = try live.client()
        #expect(try idle.request("GET", "/quick").status == 200)
        try busy.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        started.wait()
        let finished = DispatchSemaphore(value: 0)
        let clean = Locked(false)
        DispatchQueue.global().async {
            clean.withValue { $0 = live.server.shutdown(gracePeriod: 5) }
            finished.signal()
        }
        #expect(idle.readsEOF())  // idle connections close at once
        release.signal()
        let response = try busy.readResponse()
        #expect(response.bodyText == "done")
        #expect(response.headers["Connection"] == "close")
        finished.wait()
        #expect(clean.current)
        #expect(throws: (any Error).self) { try live.client().request("GET", "/") }
    }
}
