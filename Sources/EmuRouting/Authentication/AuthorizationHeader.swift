import EmuData
import EmuHTTP
import Foundation

/// The `Authorization` header schemes of the OAuth flow: `Basic` client credentials
/// (RFC 6749 §2.3.1) and `Bearer` access tokens (RFC 6750 §2.1). Scheme names are case-insensitive.
package enum AuthorizationHeader {
    /// HTTP Basic `client_id:client_secret`; nil when absent or malformed.
    package static func basic(_ headers: HTTPHeaders) -> (clientId: String, secret: String)? {
        guard let credentials = value(of: "basic", in: headers),
              let decoded = Data(base64Encoded: credentials).flatMap({ String(data: $0, encoding: .utf8) }),
              let colon = decoded.firstIndex(of: ":") else { return nil }
        // RFC 6749 §2.3.1: both parts are form-encoded before Basic encoding.
        let id = QueryString.unescape(decoded[..<colon])
        let secret = QueryString.unescape(decoded[decoded.index(after: colon)...])
        return (id, secret)
    }

    /// The token of `Authorization: Bearer <token>`; an empty token counts as one (and fails).
    static func bearer(_ headers: HTTPHeaders) -> String? {
        value(of: "bearer", in: headers)
    }

    private static func value(of scheme: String, in headers: HTTPHeaders) -> String? {
        guard let header = headers["Authorization"] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard let name = parts.first, name.lowercased() == scheme else { return nil }
        return parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
    }
}
