import EmuData
import EmuRouting
import Foundation

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
    static let secretPathSegment = try! NSRegularExpression(pattern: "((?:"
        + secretPathRoutes.joined(separator: "|")
        + #")/+)([^/?#&\s"'<>\\]+)"#, options: [.caseInsensitive])

    /// Group 1: the start, `?`, `&` or `;`, and the name; group 2: the name; group 3: the value.
    static let queryPair = try! NSRegularExpression(pattern: #"((?:^|[?&;])([A-Za-z0-9_.\-]+)=)([^&#\s"'<>\\]*)"#)

    /// `isSecret` decides which `name=value` pairs hide their value: the request's own rule
    /// for a body (fields secret on its route), SecretNames' for the rest.
    package static func masked(_ text: String, mask: String = Redaction.mask,
                       isSecret: (String) -> Bool = { SecretNames.isSecret($0) }) -> String {
        guard text.contains("/") || text.contains("=") else { return text }
        let once = maskedAsWritten(text, mask: mask, isSecret: isSecret)
        // `/1.1/verifySm%73Code/<code>` reaches the route too: decoded text that shows more
        // secrets is shown decoded, with those masked. Pairs were masked before decoding, so a
        // value holding `%26` (`&`) is never split.
        guard once.contains("%"), let decoded = once.removingPercentEncoding, decoded != once else { return once }
        let twice = maskedAsWritten(decoded, mask: mask, isSecret: isSecret)
        return twice == decoded ? once : twice
    }

    private static func maskedAsWritten(_ text: String, mask: String, isSecret: (String) -> Bool) -> String {
        let result = replace(secretPathSegment, in: text) { match, text in text.substring(with: match.range(at: 1)) + mask }
        return replace(queryPair, in: result) { match, text in
            guard isSecret(text.substring(with: match.range(at: 2))), match.range(at: 3).length > 0 else { return nil }
            return text.substring(with: match.range(at: 1)) + mask
        }
    }

    /// `text` with each match replaced by what `replacement` returns (nil keeps the match).
    private static func replace(_ expression: NSRegularExpression, in text: String,
                                _ replacement: (NSTextCheckingResult, NSString) -> String?) -> String {
        let source = text as NSString
        let output = NSMutableString(string: text)
        let matches = expression.matches(in: text, range: NSRange(location: 0, length: source.length))
        for match in matches.reversed() {
            guard let replaced = replacement(match, source) else { continue }
            output.replaceCharacters(in: match.range, with: replaced)
        }
        return output as String
    }
}
