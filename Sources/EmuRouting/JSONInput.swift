import EmuData
import EmuHTTP
import LCWire

/// Every JSON the API reads from a request — bodies and JSON-carrying query parameters
/// (`where`, `pvalues`, …) — goes through here, so that none is stored as anything other than
/// what was sent: text `JSONParser` refuses as unrepresentable (invalid UTF-8, a lone surrogate,
/// a number out of range) answers 107 naming the byte, wherever it came from (docs/http.md).
enum JSONInput {
    /// A request body. Syntax errors keep LeanCloud's generic 107 message.
    static func body(_ bytes: [UInt8]) throws -> JSON {
        do {
            return try JSONParser.parse(bytes)
        } catch let error as JSONParseError where error.reason == .unrepresentable {
            throw APIError(.malformedJSON(error))
        } catch {
            throw APIError(.malformedJSON)
        }
    }

    /// The query parameter `name` of `http` parsed as JSON; nil when absent. A syntax error is
    /// `syntaxError`; unrepresentable text is 107 with its position in the parameter.
    ///
    /// The HTTP parser decodes query values leniently (invalid UTF-8 becomes U+FFFD); when a
    /// value holds U+FFFD, its raw bytes are read again from the request-target, so a replaced
    /// byte is refused rather than stored as U+FFFD.
    static func parameter(_ name: String, of http: HTTPRequest, syntaxError: APIError) throws -> JSON? {
        guard let text = http.queryValue(name) else { return nil }
        do {
            if text.unicodeScalars.contains("\u{FFFD}"), let raw = RawQueryValue.bytes(of: name, in: http.target) {
                return try JSONParser.parse(raw)
            }
            return try JSONParser.parse(text)
        } catch let error as JSONParseError where error.reason == .unrepresentable {
            throw APIError(.malformedJSON(error, in: "the \(name) parameter"))
        } catch {
            throw syntaxError
        }
    }
}
