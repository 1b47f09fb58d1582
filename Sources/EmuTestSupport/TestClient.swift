import EmuAPI
import EmuHTTP
import EmuTLS
import Foundation
import LCWire

/// Sends authenticated LeanCloud requests in tests, live or in-process, and decodes JSON answers.
public struct TestClient: Sendable {
    /// How requests authenticate.
    public enum Credentials: Sendable {
        case appKey, masterKey, signedAppKey, signedMasterKey, none
        /// Custom raw headers, for auth tests.
        case headers(HTTPHeaders)
    }

    public enum Transport: Sendable {
        case live(host: String, port: Int)
        /// TLS, trusting the PEM certificate `trusting` for the name 127.0.0.1.
        case tls(host: String, port: Int, trusting: String)
        case inProcess(EmulatorServer)
    }

    /// A response with its body parsed as JSON when it is JSON.
    public struct Response: Sendable {
        public var status: Int
        public var headers: HTTPHeaders
        public var body: [UInt8]
        public var json: JSON? { try? JSONParser.parse(body) }
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    public let transport: Transport
    public let app: AppConfiguration
    public var credentials: Credentials
    /// Sent as `X-LC-Session` when set.
    public var sessionToken: String?

    public init(transport: Transport, app: AppConfiguration, credentials: Credentials) {
        self.transport = transport
        self.app = app
        self.credentials = credentials
    }

    public func get(_ target: String, headers: HTTPHeaders = [:]) throws -> Response {
        try send("GET", target, headers: headers)
    }

    @discardableResult
    public func post(_ target: String, json: JSON? = nil, headers: HTTPHeaders = [:]) throws -> Response {
        try send("POST", target, body: json?.serialized() ?? [], headers: headers)
    }

    public func put(_ target: String, json: JSON, headers: HTTPHeaders = [:]) throws -> Response {
        try send("PUT", target, body: json.serialized(), headers: headers)
    }

    public func delete(_ target: String, headers: HTTPHeaders = [:]) throws -> Response {
        try send("DELETE", target, headers: headers)
    }

    /// Sends a request with the client's credentials plus `headers`.
    public func send(_ method: String, _ target: String, body: [UInt8] = [], headers extra: HTTPHeaders = [:]) throws -> Response {
        var headers = authHeaders()
        if let sessionToken { headers.add(LCHeaderName.session, sessionToken) }
        if !body.isEmpty { headers.add("Content-Type", "application/json") }
        for field in extra { headers.set(field.name, field.value) }
        switch transport {
        case .live(let host, let port):
            let client = try BlockingHTTPClient(host: host, port: port)
            let response = try client.request(method, target, headers: headers, body: body)
            return Response(status: response.status, headers: response.headers, body: response.body)
        case .tls(let host, let port, let trusted):
            let client = try BlockingHTTPClient(host: host, port: port) { fd in
                try TLSClientStream(fd: fd, serverName: "127.0.0.1", trusting: trusted)
            }
            let response = try client.request(method, target, headers: headers, body: body)
            return Response(status: response.status, headers: response.headers, body: response.body)
        case .inProcess(let emulator):
            let request = try Self.request(method, target, headers: headers, body: body)
            let response = emulator.respond(to: request)
            return Response(status: response.status, headers: response.headers, body: response.body)
        }
    }
}

// MARK: - Requests

extension TestClient {
    /// The authentication headers for the chosen credentials; signatures use the current time.
    func authHeaders() -> HTTPHeaders {
        let timestamp = LCDate.now().millisecondsSince1970
        switch credentials {
        case .appKey: return [LCHeaderName.id: app.appId, LCHeaderName.key: app.appKey]
        case .masterKey: return [LCHeaderName.id: app.appId, LCHeaderName.key: "\(app.masterKey),master"]
        case .signedAppKey:
            let sign = LCRequestSignature.make(key: app.appKey, timestamp: timestamp, master: false)
            return [LCHeaderName.id: app.appId, LCHeaderName.sign: sign]
        case .signedMasterKey:
            let sign = LCRequestSignature.make(key: app.masterKey, timestamp: timestamp, master: true)
            return [LCHeaderName.id: app.appId, LCHeaderName.sign: sign]
        case .none: return [:]
        case .headers(let headers): return headers
        }
    }

    /// Builds the request the HTTP parser would have produced, for the in-process tier.
    static func request(_ method: String, _ target: String, headers: HTTPHeaders, body: [UInt8]) throws -> HTTPRequest {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        var query: [(name: String, value: String)] = []
        if parts.count > 1 {
            for pair in parts[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                func decode(_ s: Substring) -> String {
                    s.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(s)
                }
                query.append((decode(kv[0]), kv.count > 1 ? decode(kv[1]) : ""))
            }
        }
        var allHeaders = headers
        // A test of the Host check (DNS rebinding) sends its own.
        if allHeaders["Host"] == nil { allHeaders.set("Host", "localhost") }
        return HTTPRequest(method: method, target: target, path: path, query: query, headers: allHeaders, body: body)
    }
}

// MARK: - Request targets and query values

/// The request-target of an absolute URL the emulator handed out (`http://host/__files/…` →
/// `/__files/…`), to request it from the test's own emulator whatever host the URL names.
public func target(of url: String) -> String {
    guard let schemeEnd = url.range(of: "://") else { return url }
    let rest = url[schemeEnd.upperBound...]
    return rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
}

/// Percent-encodes a query value.
public func encoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
}
