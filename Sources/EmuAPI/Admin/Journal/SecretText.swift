import Foundation

/// Secrets inside free text: URLs and paths in a path, a header value, a query or form value, a
/// JSON string or a text body. Two forms are masked, the same in every such place:
/// - the secret segment of the routes that take one in their path: `/1.1/verifySmsCode/<code>`,
///   `/1.1/verifyMobilePhone/<code>`, `/1.1/resetPasswordBySmsCode/<code>`,
///   `/__auth/<appId>/reset|verify/<token>` and `/__files/upload/<appId>/<token>`, also in
///   absolute URLs (`upload_url`, a reset link in an email) and with doubled slashes;
/// - the value of a `name=value` pair after `?` or `&` whose name is a secret (SecretNames),
///   such as the `token` of a `captcha_url`.
enum SecretText {
    /// One alternative per route, each with two groups: everything up to the secret segment
    /// (groups 1, 3, 5), then the segment (2, 4, 6). The patterns are constants: `try!` cannot fail.
    static let secretPathSegment = try! NSRegularExpression(pattern: [
        #"(/+1\.1/+(?:verifySmsCode|verifyMobilePhone|resetPasswordBySmsCode)/+)"#,
        #"(/+__auth/+[^/?#\s"'<>]+/+(?:reset|verify)/+)"#,
        #"(/+__files/+upload/+[^/?#\s"'<>]+/+)"#,
    ].map { $0 + #"([^/?#&\s"'<>\\]+)"# }.joined(separator: "|"), options: [.caseInsensitive])

    /// Group 1: `?`, `&` or `;` and the name; group 2: the name; group 3: the value.
    static let queryPair = try! NSRegularExpression(pattern: #"([?&;]([A-Za-z0-9_.\-]+)=)([^&#\s"'<>\\]*)"#)

    static func masked(_ text: String, mask: String = Redaction.mask) -> String {
        guard text.contains("/") || text.contains("=") else { return text }
        var result = replace(secretPathSegment, in: text) { match, text in
            let prefix = (1...3).lazy.map { match.range(at: $0 * 2 - 1) }.first { $0.location != NSNotFound }
            return prefix.map { text.substring(with: $0) + mask }
        }
        result = replace(queryPair, in: result) { match, text in
            guard SecretNames.isSecret(text.substring(with: match.range(at: 2))),
                  match.range(at: 3).length > 0 else { return nil }
            return text.substring(with: match.range(at: 1)) + mask
        }
        return result
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
