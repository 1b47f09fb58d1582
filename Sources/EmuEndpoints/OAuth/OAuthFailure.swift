import EmuData
import EmuRouting
import LCWire

/// An OAuth token endpoint error in RFC 6749 §5.2 form: `{"error","error_description"}`.
struct OAuthFailure: Error, Sendable, Equatable {
    var status: Int
    var error: String
    var description: String

    static func invalidRequest(_ description: String) -> OAuthFailure {
        OAuthFailure(status: 400, error: "invalid_request", description: description)
    }
    /// 401 with a `WWW-Authenticate: Basic` challenge (§5.2: the client authenticated by Basic).
    static let invalidClient = OAuthFailure(status: 401, error: "invalid_client", description: "Client authentication failed.")
    static func invalidGrant(_ description: String) -> OAuthFailure {
        OAuthFailure(status: 400, error: "invalid_grant", description: description)
    }
    /// A password grant with an unknown user or a wrong password.
    static let wrongCredentials = invalidGrant("The username or password is wrong.")
    /// A password grant for a locked account (spec §5.4's 219, with LeanCloud's message).
    static let locked = invalidGrant(LCErrorCode.loginLocked.message)
    static let unsupportedGrantType = OAuthFailure(
        status: 400, error: "unsupported_grant_type", description: "grant_type must be password or refresh_token.")

    var response: APIResponse {
        var body = JSONObject()
        body["error"] = .string(error)
        body["error_description"] = .string(description)
        var response = APIResponse(status: status, json: .object(body))
        if status == 401 { response.headers.add("WWW-Authenticate", #"Basic realm="oauth""#) }
        return response
    }
}
