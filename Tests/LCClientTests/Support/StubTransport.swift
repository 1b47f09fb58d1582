import Foundation
import LCClient

/// A transport that answers from a closure and records every request, for unit tests.
// @unchecked: mutable state is read and written under `lock`.
final class StubTransport: LCTransport, @unchecked Sendable {
    typealias Handler = @Sendable (LCHTTPRequest) async throws -> LCHTTPResponse
    private let lock = NSLock()
    private var recorded: [LCHTTPRequest] = []
    private let handler: Handler

    init(_ handler: @escaping Handler) { self.handler = handler }

    /// Answers every request with `status` and the JSON text `body`.
    convenience init(status: Int = 200, json body: String = "{}") {
        self.init { _ in LCHTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8)) }
    }

    var requests: [LCHTTPRequest] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func send(_ request: LCHTTPRequest) async throws -> LCHTTPResponse {
        lock.withLock { recorded.append(request) }
        return try await handler(request)
    }

    static func json(_ status: Int, _ text: String) -> LCHTTPResponse {
        LCHTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }
}

extension LCApplication {
    /// An app on a fake server with a stub transport.
    static func stub(_ transport: StubTransport, masterKey: String? = "master-key") -> LCApplication {
        LCApplication(id: "app-id", key: "app-key", serverURL: URL(string: "http://lcemu.test")!,
                      masterKey: masterKey, transport: transport)
    }
}

extension LCHTTPRequest {
    /// The body parsed as JSON.
    var json: JSON? { body.flatMap { try? JSONParser.parse([UInt8]($0)) } }
    /// The decoded query items.
    var queryItems: [String: String] {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        return Dictionary((components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    }
}
