import EmuData
import EmuHTTP
import EmuRouting

/// The one rule for which named values are secrets, wherever they travel: header names, query
/// parameters, form fields and JSON keys at any depth, in requests and responses alike. Names
/// are compared without case and without separators (`session_token`, `sessionToken` and
/// `X-Session-Token` are one name). Every secret the API takes or hands out is named here; the
/// test table `JournalSecretTests` sends each one in each place it can travel.
enum SecretNames {
    /// A name containing one of these is a secret: passwords (`password`, `new_password`,
    /// `_webPassword`), every token (`sessionToken`, `captcha_token`, `validate_token(s)`,
    /// `access_token`, `refresh_token`, `X-XSRF-TOKEN`, the file upload `token`), secrets
    /// (`client_secret`), cookies (`Cookie`, `Set-Cookie`) and `Authorization`.
    static let secretWords = ["password", "token", "secret", "cookie", "authorization"]

    /// A name ending with one of these is a key: `X-LC-Key`, `X-LC-Hook-Key`,
    /// `X-AVOSCloud-Application-Key`, `X-AVOSCloud-Master-Key`, `X-AVOSCloud-Super-Key`,
    /// `_ApplicationKey`, `_MasterKey`, `masterKey`, `appKey`, `X-Api-Key`, `mac_key`. A bare `key`
    /// (a file's storage key) and `keys` (a select list) are data.
    static let keySuffixes = ["lckey", "appkey", "applicationkey", "masterkey", "hookkey", "superkey", "apikey",
                              "secretkey", "privatekey", "accesskey", "mackey"]

    /// Secrets whose names hold none of the words above: signatures (`X-LC-Sign`,
    /// `X-AVOSCloud-Request-Sign`, the envelope's `sign`), the session header, SMS and captcha
    /// codes (`smsCode`, `captcha_code`, the web log-in's `j_captcha`) and the web session id.
    static let exactNames: Set<String> = ["sign", "xlcsign", "xlcsession", "smscode", "captchacode", "jcaptcha", "sid"]
    static let signSuffix = "requestsign"

    /// Names that hold a secret word but carry none: OAuth's `token_type` (`"Bearer"`).
    static let notSecret: Set<String> = ["tokentype"]

    static func isSecret(_ name: some StringProtocol) -> Bool {
        let normalized = String(name.lowercased().filter { $0.isLetter || $0.isNumber })
        if notSecret.contains(normalized) { return false }
        return exactNames.contains(normalized) || normalized.hasSuffix(signSuffix)
            || secretWords.contains { normalized.contains($0) } || keySuffixes.contains { normalized.hasSuffix($0) }
    }

    /// Fields that are secrets only in the request of one route (body or query), keyed by the
    /// path as the router reads it (`routePath`): a `code` elsewhere is LeanCloud's error code.
    /// The web log-in's two-factor digits, the SMS code of `changePhoneNumber`, and OAuth's
    /// authorization-code grant (`code`, PKCE's `code_verifier`), which LCEmu refuses but a
    /// client may still send.
    static let fieldsByPath: [String: Set<String>] = [
        "/api/check_two_factor_auth_code": ["code"],
        "/1.1/changePhoneNumber": ["code"],
        "/oauth/access_token": ["code", "code_verifier"],
    ]

    static func isSecret(_ name: some StringProtocol, inBodyOf path: String?) -> Bool {
        if isSecret(name) { return true }
        guard let path, let fields = fieldsByPath[routePath(path)] else { return false }
        return fields.contains(String(name))
    }

    /// A path as the router matches it: its non-empty segments (`//api/x/` answers as `/api/x`).
    static func routePath(_ path: String) -> String {
        "/" + Router<APIRoute>.segments(path).joined(separator: "/")
    }
}
