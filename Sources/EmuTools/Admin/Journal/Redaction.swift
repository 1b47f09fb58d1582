import EmuData
import EmuHTTP
import EmuRouting
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire

/// What the journal hides before it shows a request or a response: the value of every name
/// SecretNames calls secret, in headers, query parameters, form fields and JSON at any depth,
/// and the secrets SecretText finds inside text (path tokens, URLs in bodies and headers).
/// Applied when the journal is read, so recording stays cheap.
enum Redaction {
    static let mask = "…redacted…"

    /// The rule as custom routes ask it (a near miss hides a secret matcher's value): one rule,
    /// whether the name is a header's or a field's.
    static func isSecretHeader(_ name: String) -> Bool { SecretNames.isSecret(name) }
    static func isSecretField(_ name: String) -> Bool { SecretNames.isSecret(name) }

    static func headers(_ headers: HTTPHeaders) -> JSON {
        var object = JSONObject()
        for (name, value) in headers {
            let shown = SecretNames.isSecret(name) ? mask : SecretText.masked(value)
            // A repeated header (Set-Cookie) shows its values joined, as one field would.
            object[name] = .string(object[name]?.stringValue.map { $0 + ", " + shown } ?? shown)
        }
        return .object(object)
    }

    /// A path: the secret segment of the routes that take one replaced.
    static func path(_ path: String) -> String { SecretText.masked(path) }

    /// The query percent-encoded as sent, with the mask itself left readable (not `%E2%80%A6…`).
    static func query(_ pairs: [(name: String, value: String)], secretFields: (String) -> Bool = SecretNames.isSecret) -> String {
        pairs.map { pair in
            if secretFields(pair.name) { return "\(QueryString.escape(pair.name))=\(mask)" }
            return QueryString.encode([(pair.name, value(pair.value))])
        }.joined(separator: "&")
    }

    /// A query or form value: JSON in it (`where={…}`) masked as a body, text as text.
    static func value(_ text: String) -> String {
        guard text.first == "{" || text.first == "[", let json = try? JSONParser.parse(Array(text.utf8)) else {
            return SecretText.masked(text)
        }
        return masked(json).jsonString
    }

    /// A body as text: JSON and form bodies with their secret fields masked, other text with the
    /// secrets SecretText finds masked, binary as its size. `path` is the request's, for the
    /// fields secret on one route only; nil for responses.
    static func body(_ bytes: [UInt8], contentType: String?, path: String? = nil) -> JSON {
        if bytes.isEmpty { return .null }
        let isSecret = { (name: String) in SecretNames.isSecret(name, inBodyOf: path) }
        if let json = try? JSONParser.parse(bytes) {
            let isBatch = path.map { batchPaths.contains(SecretNames.routePath($0)) } ?? false
            return .string((isBatch ? masked(batch: json) : masked(json, isSecret: isSecret)).jsonString)
        }
        // Multipart (the /api log-in, custom routes): shown as form pairs, secret parts masked, a file by its size.
        if let form = MultipartForm(body: bytes, contentType: contentType) {
            return .string(query(form.parts.map { ($0.name, $0.filename == nil ? $0.text : "<file, \($0.body.count) bytes>") }, secretFields: isSecret))
        }
        // One that does not parse (malformed, a wrong boundary, cut at `bodyLimit`) cannot be
        // masked part by part, and its parts are not `name=value` text: only its size is shown,
        // or a password part would be journaled in clear (security review F5).
        if isMultipart(bytes, contentType: contentType) { return .string("<multipart body, \(bytes.count) bytes, not parsed>") }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .string("<\(bytes.count) bytes>") }
        if contentType?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            return .string(query(QueryString.decode(text[...]), secretFields: isSecret))
        }
        // Form handlers read the body whatever its type: `code=…` sent as text is a field too.
        return .string(SecretText.masked(text, isSecret: isSecret))
    }

    /// A multipart body by its type, or by its shape when the type is missing or another
    /// (`--boundary` then a part's `Content-Disposition`).
    static func isMultipart(_ bytes: [UInt8], contentType: String?) -> Bool {
        if contentType?.lowercased().contains("multipart/") == true { return true }
        guard bytes.starts(with: Array("--".utf8)) else { return false }
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self).lowercased()
        return head.contains("content-disposition")
    }

    static let batchPaths: Set<String> = ["/1.1/batch", "/1.1/batch/save"]

    /// A batch: each sub-request masked by its own route's rule, so the fields secret on one
    /// route only (`{"path":"changePhoneNumber","body":{"code":…}}`) are masked inside a batch
    /// too. The sub-request's path is read as batch reads it (SubRequestTarget: relative to /1.1)
    /// and as written.
    private static func masked(batch json: JSON) -> JSON {
        guard case .object(var object) = json, case .array(let requests)? = object["requests"] else { return masked(json) }
        object["requests"] = nil
        var result = masked(.object(object)).objectValue ?? JSONObject()
        result["requests"] = .array(requests.map { operation in
            guard let path = operation["path"]?.stringValue else { return masked(operation) }
            let route = SubRequest(method: "", path: path).path
            // Also by the path as written: `//1.1/changePhoneNumber` answers 404 in a batch, but
            // its code is the client's secret all the same.
            return masked(operation) { SecretNames.isSecret($0, inBodyOf: route) || SecretNames.isSecret($0, inBodyOf: path) }
        })
        return .object(result)
    }

    static func masked(_ json: JSON, isSecret: (String) -> Bool = SecretNames.isSecret) -> JSON {
        switch json {
        case .array(let items): return .array(items.map { masked($0, isSecret: isSecret) })
        case .object(let object):
            var result = JSONObject()
            for (key, value) in object {
                result[key] = isSecret(key) && !value.isNull ? .string(mask) : masked(value, isSecret: isSecret)
            }
            return .object(result)
        case .string(let text): return .string(SecretText.masked(text))
        default: return json
        }
    }
}

// MARK: - SecretNames

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
        guard let path else { return false }
        let route = routePath(path)
        // An app may mount /api and /oauth elsewhere (`/v2/api/check_two_factor_auth_code`,
        // docs/web-login.md): a path ending as a listed route's last segment masks its fields too.
        let fields = fieldsByPath[route] ?? fieldsByPath.first { route.hasSuffix("/" + ($0.key.split(separator: "/").last ?? "")) }?.value
        return fields?.contains(String(name)) ?? false
    }

    /// A path as the router matches it: its non-empty segments (`//api/x/` answers as `/api/x`).
    static func routePath(_ path: String) -> String {
        "/" + Router<APIRoute>.segments(path).joined(separator: "/")
    }
}

// MARK: - SecretText

/// Secrets inside free text: URLs and paths in a path, a header value, a query or form value, a
/// JSON string or a text body. Two forms are masked, the same in every such place:
/// - the secret segment of the routes that take one in their path (`secretPathRoutes`), in
///   every spelling that reaches them: with or without `/1.1` (batch sub-request paths are
///   relative to it: `verifySmsCode/<code>`, `1.1/verifySmsCode/<code>`), in absolute URLs
///   (`upload_url`, a reset link in an email), with doubled slashes, and percent-encoded
///   (the HTTP parser and batch decode paths before routing);
/// - the value of a `name=value` pair at the start or after `?`, `&` or `;` whose name is a
///   secret (SecretNames), such as the `token` of a `captcha_url`.
package enum SecretText {
    /// The one table of routes whose path carries a secret: each is the part of the path before
    /// the secret segment, its slashes written `/+`. They match anywhere in the text,
    /// so every prefix (`/1.1/`, `1.1/`, none, `https://host/`) is covered.
    static let secretPathRoutes = [
        #"(?:verifySmsCode|verifyMobilePhone|resetPasswordBySmsCode)"#,  // /1.1/<route>/<SMS code>
        #"__auth/+[^/?#\s"'<>]+/+(?:reset|verify)"#,  // /__auth/<appId>/reset|verify/<token>
        #"__files/+upload/+[^/?#\s"'<>]+"#,  // /__files/upload/<appId>/<token>
    ]

    /// Group 1: the route up to the secret segment, with the slashes however doubled; group 2:
    /// the segment. The patterns are constants: `try!` cannot fail.
    static let secretPathSegment = try! RegularExpression("((?:"
        + secretPathRoutes.joined(separator: "|")
        + #")/+)([^/?#&\s"'<>\\]+)"#, options: [.caseInsensitive])

    /// Group 1: the start, `?`, `&` or `;`, and the name; group 2: the name; group 3: the value.
    static let queryPair = try! RegularExpression(#"((?:^|[?&;])([A-Za-z0-9_.\-]+)=)([^&#\s"'<>\\]*)"#)

    /// `isSecret` decides which `name=value` pairs hide their value: the request's own rule
    /// for a body (fields secret on its route), SecretNames' for the rest.
    package static func masked(_ text: String, mask: String = Redaction.mask,
                       isSecret: (String) -> Bool = { SecretNames.isSecret($0) }) -> String {
        guard text.contains("/") || text.contains("=") else { return text }
        let once = maskedAsWritten(text, mask: mask, isSecret: isSecret)
        // `/1.1/verifySm%73Code/<code>` reaches the route too: decoded text that shows more
        // secrets is shown decoded, with those masked. Pairs were masked before decoding, so a
        // value holding `%26` (`&`) is never split.
        guard once.contains("%"), let decoded = once.percentDecoded, decoded != once else { return once }
        let twice = maskedAsWritten(decoded, mask: mask, isSecret: isSecret)
        return twice == decoded ? once : twice
    }

    private static func maskedAsWritten(_ text: String, mask: String, isSecret: (String) -> Bool) -> String {
        let result = replace(secretPathSegment, in: text) { match, text in text.text(match.range(at: 1)!) + mask }
        return replace(queryPair, in: result) { match, text in
            guard let value = match.range(at: 3), !value.isEmpty, isSecret(text.text(match.range(at: 2)!)) else { return nil }
            return text.text(match.range(at: 1)!) + mask
        }
    }

    /// `text` with each match replaced by what `replacement` returns (nil keeps the match).
    private static func replace(_ expression: RegularExpression, in text: String,
                                _ replacement: (RegexMatch, RegexSubject) -> String?) -> String {
        let subject = RegexSubject(text)
        var output = ""
        var copied = 0, replacedAny = false
        for match in expression.matches(in: subject) {
            guard let replaced = replacement(match, subject) else { continue }
            output += subject.text(copied..<match.range.lowerBound) + replaced
            copied = match.range.upperBound
            replacedAny = true
        }
        return replacedAny ? output + subject.text(copied..<subject.scalars.count) : text
    }
}
