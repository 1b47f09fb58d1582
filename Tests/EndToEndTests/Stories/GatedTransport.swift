import Foundation
import LCClient

/// Wraps a real transport and holds back the requests `holding` picks until their calling task is
/// cancelled, then hands them to the real transport anyway: whether a cancelled request reaches
/// the server is then up to that transport, and a test checks it on the server.
// @unchecked: mutable state is read and written under `lock`.
final class GatedTransport: LCTransport, @unchecked Sendable {
    let base: any LCTransport
    let holds: @Sendable (LCHTTPRequest) -> Bool
    private let lock = NSLock()
    private var forwarded: [String] = []
    private var forwardedCancelled: [String] = []
    private let held = AsyncStream<Void>.makeStream()

    init(base: any LCTransport, holding holds: @escaping @Sendable (LCHTTPRequest) -> Bool) {
        self.base = base
        self.holds = holds
    }

    /// Paths of every request handed to the real transport.
    var forwardedPaths: [String] { lock.withLock { forwarded } }

    /// Paths of the requests handed to the real transport after their task was cancelled.
    var forwardedAfterCancellation: [String] { lock.withLock { forwardedCancelled } }

    /// Resumes when a request has been held.
    func waitUntilHeld() async {
        for await _ in held.stream { return }
    }

    func send(_ request: LCHTTPRequest) async throws -> LCHTTPResponse {
        if holds(request) {
            held.continuation.yield()
            let released = AsyncStream<Never>.makeStream()
            await withTaskCancellationHandler {
                for await _ in released.stream {}
            } onCancel: {
                released.continuation.finish()
            }
        }
        lock.withLock {
            forwarded.append(request.url.path)
            if Task.isCancelled { forwardedCancelled.append(request.url.path) }
        }
        return try await base.send(request)
    }
}

extension LCHTTPRequest {
    /// Whether the body contains `text` (to pick one request out of several to the same path).
    func bodyContains(_ text: String) -> Bool {
        body.map { String(decoding: $0, as: UTF8.self).contains(text) } ?? false
    }
}
