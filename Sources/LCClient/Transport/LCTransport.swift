import Foundation

/// One HTTP exchange as the client sends it: what an `LCTransport` carries over the wire.
public struct LCHTTPRequest: Sendable {
    public var method: String
    public var url: URL
    /// Header fields; names are sent as given.
    public var headers: [String: String]
    public var body: Data?
    /// Seconds before the request fails with a timeout; `.infinity` for none (the default
    /// transport also treats NaN and a year or more as none, and zero or less as immediate).
    public var timeout: TimeInterval

    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil, timeout: TimeInterval = 60) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

/// The answer to an `LCHTTPRequest`.
public struct LCHTTPResponse: Sendable {
    public var status: Int
    /// Header fields as received (look them up with `header(_:)`, which ignores case).
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of a header field, whatever the case of its name.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }
}

/// Sends HTTP requests for the client. `LCURLSessionTransport` is the default; tests and apps
/// inject their own (a stub, a recorder, a transport with a retry or a proxy).
///
/// Implementations must honour task cancellation: when the calling task is cancelled, stop the
/// HTTP request and throw `CancellationError` (or any error; the client reports cancellation).
public protocol LCTransport: Sendable {
    func send(_ request: LCHTTPRequest) async throws -> LCHTTPResponse
}
