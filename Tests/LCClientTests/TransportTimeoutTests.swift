import EmuTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import LCClient
import Testing

/// `LCURLSessionTransport` turns any `timeout` into a wait it can arm: no trap for `.infinity`,
/// NaN or huge values (infinity and NaN mean no timeout), and zero for negative values.
struct TransportTimeoutTests {
    static let cases: [(TimeInterval, UInt64?)] = [
        (.infinity, nil),
        (TimeInterval.nan, nil),
        (1e300, nil),
        (TimeInterval.greatestFiniteMagnitude, nil),
        (LCURLSessionTransport.longestTimeout + 1, nil),
        (-TimeInterval.infinity, 0),
        (-5, 0),
        (0, 0),
        (0.3, 300_000_000),
        (60, 60_000_000_000),
        (LCURLSessionTransport.longestTimeout, 31_536_000_000_000_000),
    ]

    @Test(arguments: cases)
    func timeoutNanoseconds_areClamped(timeout: TimeInterval, nanoseconds: UInt64?) {
        #expect(LCURLSessionTransport.timeoutNanoseconds(timeout) == nanoseconds)
    }

    @Test(arguments: [TimeInterval.infinity, .nan, 1e300, -1, 0, 30])
    func theURLRequestTimeout_isAlwaysFinite_andAtMostAYear(timeout: TimeInterval) {
        let value = LCURLSessionTransport.urlRequestTimeout(timeout)
        #expect(value.isFinite)
        #expect((0...LCURLSessionTransport.longestTimeout).contains(value))
    }

    /// A request with no timeout goes out and stays pending (no trap, no immediate timeout) until
    /// its task is cancelled.
    @Test(arguments: [TimeInterval.infinity, .nan, 1e300])
    func aRequestWithoutATimeout_isSent_andEndsWhenCancelled(timeout: TimeInterval) async throws {
        let server = try SilentServer()
        let app = LCApplication(id: "app-id", key: "app-key", serverURL: server.url, transport: LCURLSessionTransport())
        var events = server.events.makeAsyncIterator()
        let call = Task { try await app.request("GET", "/1.1/date", options: LCRequestOptions(timeout: timeout)) }
        #expect(await events.next() == .accepted)
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
    }
}

/// `DataTaskHandle`: a request cancelled before its data task started makes no task at all.
struct DataTaskHandleTests {
    @Test func aCancelledHandle_neverMakesTheTask() {
        let handle = DataTaskHandle()
        handle.cancel()
        var made = false
        let started = handle.start {
            made = true
            return URLSession.shared.dataTask(with: URL(string: "http://127.0.0.1:9/")!)
        }
        #expect(!started)
        #expect(!made)
    }
}
