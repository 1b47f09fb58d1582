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
