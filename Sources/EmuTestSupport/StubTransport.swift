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

// MARK: - StubWebServer

/// A stand-in for the cookie-session `/api` server of login-flows.md §2, with its pitfall: a
/// log-in only logs in the `sid` session that `/api/captcha/login` created.
// @unchecked: mutable state is read and written under `lock`.
public final class StubWebServer: @unchecked Sendable {
    private let lock = NSLock()
    private var sessions: [String: String?] = [:]   // sid → logged-in user
    private var nextSid = 0
    public let passwordSHA1: String

    public init(passwordSHA1: String) { self.passwordSHA1 = passwordSHA1 }

    public func endSessions() { lock.withLock { for key in sessions.keys { sessions[key] = .some(nil) } } }

    public lazy var transport = StubTransport { [unowned self] request in self.answer(request) }

    public func answer(_ request: LCHTTPRequest) -> LCHTTPResponse {
        let sid = request.headers["Cookie"]?.components(separatedBy: "; ").first { $0.hasPrefix("sid=") }.map { String($0.dropFirst(4)) }
        let form = String(decoding: request.body ?? Data(), as: UTF8.self)
        return lock.withLock {
            switch request.url.path {
            case "/api/captcha/login":
                if let sid, sessions[sid] != nil { return Self.envelope("false") }
                nextSid += 1
                sessions["s\(nextSid)"] = .some(nil)
                var response = Self.envelope("false")
                response.headers["Set-Cookie"] = "sid=s\(nextSid); Path=/; HttpOnly, XSRF-TOKEN=x\(nextSid); Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/"
                return response
            case "/api/login":
                guard form.contains("password=\(passwordSHA1)") else { return Self.failure(1, "password", "wrong password") }
                if let sid, sessions[sid] != nil, request.headers["X-XSRF-TOKEN"] == "x" + sid.dropFirst() {
                    sessions[sid] = .some("tom")
                }
                return Self.envelope(#"{"name":"tom"}"#)
            case "/api/current_user":
                if let sid, let user = sessions[sid] ?? nil { return Self.envelope(#"{"name":"\#(user)"}"#) }
                return Self.failure(1000, "user_not_login", "not logged in")
            default:
                return Self.failure(404, "not_found", "no such path")
            }
        }
    }

    public static func envelope(_ data: String) -> LCHTTPResponse { StubTransport.json(200, #"{"code":0,"data":\#(data)}"#) }
    public static func failure(_ code: Int, _ key: String, _ text: String) -> LCHTTPResponse {
        StubTransport.json(200, #"{"code":\#(code),"msg":{"\#(key)":"\#(text)"}}"#)
    }
}
