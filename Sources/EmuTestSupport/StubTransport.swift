import Foundation
import LCClient

/// A transport that answers from a closure and records every request, for unit tests.
// @unchecked: mutable state is read and written under `lock`.
public final class StubTransport: LCTransport, @unchecked Sendable {
    public typealias Handler = @Sendable (LCHTTPRequest) async throws -> LCHTTPResponse
    private let lock = NSLock()
    private var recorded: [LCHTTPRequest] = []
    private let handler: Handler

    public init(_ handler: @escaping Handler) { self.handler = handler }

    /// Answers every request with `status` and the JSON text `body`.
    public convenience init(status: Int = 200, json body: String = "{}") {
        self.init { _ in LCHTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8)) }
    }

    public var requests: [LCHTTPRequest] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    public func send(_ request: LCHTTPRequest) async throws -> LCHTTPResponse {
        lock.withLock { recorded.append(request) }
        return try await handler(request)
    }

    public static func json(_ status: Int, _ text: String) -> LCHTTPResponse {
        LCHTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }
}

extension LCApplication {
    /// An app on a fake server with a stub transport.
    public static func stub(_ transport: StubTransport, masterKey: String? = "master-key") -> LCApplication {
        LCApplication(id: "app-id", key: "app-key", serverURL: URL(string: "http://lcemu.test")!,
                      masterKey: masterKey, transport: transport)
    }
}

extension LCHTTPRequest {
    /// The body parsed as JSON.
    public var json: JSON? { body.flatMap { try? JSONParser.parse([UInt8]($0)) } }
    /// The decoded query items.
    public var queryItems: [String: String] {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        return Dictionary((components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    }
}
