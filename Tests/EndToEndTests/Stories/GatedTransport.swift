import Foundation
import LCClient

/// Wraps a transport and holds back requests whose path matches, until the calling task is
/// cancelled: a request that never leaves the client, to show that cancellation stops it there.
final class GatedTransport: LCTransport, @unchecked Sendable {
    let base: any LCTransport
    let heldPath: String
    private let lock = NSLock()
    private var forwarded: [String] = []
    private let held = AsyncStream<Void>.makeStream()

    init(base: any LCTransport, holding path: String) {
        self.base = base
        heldPath = path
    }

    /// Paths of the requests that went to the server.
    var forwardedPaths: [String] { lock.withLock { forwarded } }

    /// Resumes when a request has been held.
    func waitUntilHeld() async {
        for await _ in held.stream { return }
    }

    func send(_ request: LCHTTPRequest) async throws -> LCHTTPResponse {
        if request.url.path == heldPath {
            held.continuation.yield()
            while true { try await Task.sleep(for: .seconds(3600)) }
        }
        lock.withLock { forwarded.append(request.url.path) }
        return try await base.send(request)
    }
}
