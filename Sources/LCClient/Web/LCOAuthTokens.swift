import Foundation
import LCWire

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
