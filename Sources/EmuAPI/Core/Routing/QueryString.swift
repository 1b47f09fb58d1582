import Foundation
import LCWire

/// Query strings the emulator writes or reads itself: batch `params` and paths, and the
/// method-override envelope, whose JSON members become query parameters.
package enum QueryString {
    /// A JSON value as a query parameter: a string as it is, anything else as its JSON text
    /// (`where` objects, `true`, `3`), as a client would have sent it in a URL. Nil for `null`.
    static func value(_ json: JSON) -> String? {
        switch json {
        case .null: return nil
        case .string(let string): return string
        default: return json.jsonString
        }
    }

    /// The members of a JSON object as query parameters, in order; `null` members are left out.
    static func parameters(_ object: JSONObject) -> [(name: String, value: String)] {
        object.compactMap { member in value(member.value).map { (name: member.key, value: $0) } }
    }

    /// `a=1&where=%7B%7D`: the parameters percent-encoded.
    static func encode(_ parameters: [(name: String, value: String)]) -> String {
        parameters.map { "\(escape($0.name))=\(escape($0.value))" }.joined(separator: "&")
    }

    /// Parameters of a raw query string, percent-decoded, `+` read as a space (as the HTTP parser does).
    static func decode(_ query: Substring) -> [(name: String, value: String)] {
        query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (name: unescape(parts[0]), value: parts.count > 1 ? unescape(parts[1]) : "")
        }
    }

    /// A form's fields (`a=1&b=x+y`), decoded as `decode` does; the first of a repeated name wins.
    /// Custom routes read form bodies this way, and EmuTesting reads back the journal's.
    package static func fields(_ text: String) -> JSONObject {
        var fields = JSONObject()
        for pair in decode(text[...]) where fields[pair.name] == nil { fields[pair.name] = .string(pair.value) }
        return fields
    }

    /// A path with every segment percent-encoded; the `/` separators stay.
    static func encodePath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { escape(String($0)) }.joined(separator: "/")
    }

    /// RFC 3986 unreserved characters stay; everything else is percent-encoded.
    private static let unreserved = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    static func unescape(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
