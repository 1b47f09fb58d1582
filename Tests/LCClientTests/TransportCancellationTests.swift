import EmuTestSupport
import Foundation
import LCClient
import Testing

/// The default URLSession transport really stops an HTTP request in flight when the task is
/// cancelled: the call ends with CancellationError and the connection is closed.
struct TransportCancellationTests {
    @Test func cancellingTheTask_closesTheConnectionOfARequestInFlight() async throws {
        let server = try SilentServer()
        let app = LCApplication(id: "app-id", key: "app-key", serverURL: server.url,
                                transport: LCURLSessionTransport(), timeout: 30)
        var events = server.events.makeAsyncIterator()
        let call = Task { try await app.request("GET", "/1.1/date") }
        #expect(await events.next() == .accepted)
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
        #expect(await events.next() == .closedByClient)
    }

    @Test func aRequestPastItsTimeout_failsWithTimedOut() async throws {
        let server = try SilentServer()
        let app = LCApplication(id: "app-id", key: "app-key", serverURL: server.url, transport: LCURLSessionTransport())
        let error = await #expect(throws: LCError.self) {
            try await app.request("GET", "/1.1/date", options: LCRequestOptions(timeout: 0.3))
        }
        #expect(error?.code == .timedOut)
    }
}
