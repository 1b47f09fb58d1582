import Foundation
import LCWire

/// A client for the OAuth 2 password grant with refresh (login-flows.md §3): log in for a token
/// set, send API calls with `Authorization: Bearer`, and when a call answers 401 `invalid_token`
/// (or the token is known to have expired) refresh once and retry.
///
/// ```swift
/// let oauth = LCOAuthClient(baseURL: url, clientId: "app", clientSecret: "secret")
/// try await oauth.logIn(username: "testuser", password: "…")
/// let response = try await oauth.send("GET", "/api/v1/me")
/// ```
public actor LCOAuthClient {
    public let baseURL: URL
    let clientId: String
    let clientSecret: String
    let transport: any LCTransport
    /// The path of the token endpoint.
    public let tokenPath: String
    /// The current token set, nil before `logIn`.
    public internal(set) var tokens: LCOAuthTokens?
    /// Sent with every API call (e.g. `X-LC-Id`, which names the app on LCEmu's `/1.1` routes).
    let headers: [String: String]
    /// The clock used for `expires_in` (injectable for tests).
    let now: @Sendable () -> Date

    public init(baseURL: URL, clientId: String, clientSecret: String, tokenPath: String = "/oauth/access_token",
                headers: [String: String] = [:], transport: any LCTransport = LCURLSessionTransport(),
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.baseURL = baseURL
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.tokenPath = tokenPath
        self.headers = headers
        self.transport = transport
        self.now = now
    }

    /// A client for an LCEmu app: the client id is the App ID, the secret the App Key, and API
    /// calls name the app with `X-LC-Id` (a bearer token replaces the key and the session).
    public init(application: LCApplication) {
        self.init(baseURL: application.serverURL, clientId: application.id, clientSecret: application.key,
                  headers: [LCHeaderName.id: application.id], transport: application.transport)
    }

    /// `grant_type=password`.
    @discardableResult
    public func logIn(username: String, password: String) async throws -> LCOAuthTokens {
        try await requestTokens([("grant_type", "password"), ("username", username), ("password", password)])
    }

    /// `grant_type=refresh_token` with the current refresh token.
    @discardableResult
    public func refresh() async throws -> LCOAuthTokens {
        guard let refreshToken = tokens?.refreshToken else {
            throw LCOAuthError(status: 0, error: "invalid_grant", description: "no refresh token")
        }
        return try await requestTokens([("grant_type", "refresh_token"), ("refresh_token", refreshToken)])
    }

    /// Forgets the tokens.
    public func logOut() { tokens = nil }

    /// An API call with the bearer token. An expired token is refreshed first; a 401
    /// `invalid_token` answer refreshes and retries once (unless another call already did).
    public func send(_ method: String, _ path: String, body: Data? = nil, contentType: String? = nil) async throws -> LCHTTPResponse {
        if let tokens, tokens.isExpired(at: now()), tokens.refreshToken != nil { try await refresh() }
        let used = tokens?.accessToken
        let response = try await exchange(method, path, body: body, contentType: contentType)
        guard response.status == 401, Self.isInvalidToken(response), tokens?.refreshToken != nil else { return response }
        if tokens?.accessToken == used { try await refresh() }
        return try await exchange(method, path, body: body, contentType: contentType)
    }

    /// A 401 whose `WWW-Authenticate` names `invalid_token` (RFC 6750), or has no header at all.
    static func isInvalidToken(_ response: LCHTTPResponse) -> Bool {
        guard let challenge = response.header("WWW-Authenticate") else { return true }
        return challenge.contains("invalid_token")
    }
}

// MARK: - Exchange

extension LCOAuthClient {
    /// One call with the current bearer token.
    func exchange(_ method: String, _ path: String, body: Data?, contentType: String?) async throws -> LCHTTPResponse {
        var request = LCHTTPRequest(method: method, url: try url(path), headers: headers, body: body)
        if let tokens { request.headers["Authorization"] = "Bearer " + tokens.accessToken }
        if let contentType { request.headers["Content-Type"] = contentType }
        try Task.checkCancellation()
        return try await transport.send(request)
    }

    /// Posts a grant to the token endpoint with HTTP Basic client authentication.
    func requestTokens(_ grant: [(String, String)]) async throws -> LCOAuthTokens {
        let basic = Data("\(clientId):\(clientSecret)".utf8).base64EncodedString()
        let request = LCHTTPRequest(method: "POST", url: try url(tokenPath), headers: [
            "Authorization": "Basic " + basic, "Content-Type": LCFormEncoding.contentType, "Accept": "application/json",
        ], body: LCFormEncoding.encode(grant))
        try Task.checkCancellation()
        let response = try await transport.send(request)
        let json = try? JSONParser.parse([UInt8](response.body))
        guard (200..<300).contains(response.status), let json else {
            throw LCOAuthError(status: response.status, error: json?["error"]?.stringValue,
                               description: json?["error_description"]?.stringValue)
        }
        let issued = try LCOAuthTokens(json: json, receivedAt: now())
        tokens = issued
        return issued
    }

    func url(_ path: String) throws -> URL {
        guard let url = URL(string: path, relativeTo: baseURL)?.absoluteURL else {
            throw LCOAuthError(status: 0, error: "invalid_request", description: "bad path \(path)")
        }
        return url
    }
}

// MARK: - LCOAuthTokens

/// An RFC 6749 token set (`/oauth/access_token`, login-flows.md §3).
public struct LCOAuthTokens: Sendable, Equatable {
    public var accessToken: String
    public var refreshToken: String?
    public var tokenType: String
    /// Seconds of validity from `issuedAt`; nil when the server gave none.
    public var expiresIn: Double?
    /// When the client received the tokens (its own clock).
    public var issuedAt: Date

    /// Reads a token answer.
    init(json: JSON, receivedAt: Date) throws {
        guard let access = json["access_token"]?.stringValue else {
            throw LCOAuthError(status: 200, error: "invalid_response", description: "no access_token in the answer")
        }
        accessToken = access
        refreshToken = json["refresh_token"]?.stringValue
        tokenType = json["token_type"]?.stringValue ?? "bearer"
        expiresIn = json["expires_in"]?.doubleValue
        issuedAt = receivedAt
    }

    /// Whether the access token has expired by `now` (with `margin` seconds to spare).
    public func isExpired(at now: Date, margin: TimeInterval = 0) -> Bool {
        guard let expiresIn else { return false }
        return now.timeIntervalSince(issuedAt) + margin >= expiresIn
    }
}

/// A failure of the OAuth flow: the HTTP status, the RFC 6749/6750 `error` code and description.
public struct LCOAuthError: Error, Sendable, Equatable {
    public var status: Int
    /// `invalid_grant`, `invalid_client`, `invalid_token`, …
    public var error: String?
    public var description: String?

    public init(status: Int, error: String?, description: String?) {
        self.status = status
        self.error = error
        self.description = description
    }
}
