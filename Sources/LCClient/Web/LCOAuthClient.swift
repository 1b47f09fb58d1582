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
