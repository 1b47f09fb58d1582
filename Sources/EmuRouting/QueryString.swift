import EmuData
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
    package static func parameters(_ object: JSONObject) -> [(name: String, value: String)] {
        object.compactMap { member in value(member.value).map { (name: member.key, value: $0) } }
    }

    /// `a=1&where=%7B%7D`: the parameters percent-encoded.
    package static func encode(_ parameters: [(name: String, value: String)]) -> String {
        parameters.map { "\(escape($0.name))=\(escape($0.value))" }.joined(separator: "&")
    }

    /// Parameters of a raw query string, percent-decoded, `+` read as a space (as the HTTP parser does).
    package static func decode(_ query: Substring) -> [(name: String, value: String)] {
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

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// A path with every segment percent-encoded; the `/` separators stay.
    static func encodePath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { escape(String($0)) }.joined(separator: "/")
    }

    /// RFC 3986 unreserved characters stay; every other UTF-8 byte becomes `%XX` (upper-case
    /// hex), in one pass over the bytes: a method-override envelope's `where` (up to the body
    /// limit) is encoded before routing, and must cost no more than reading it (docs/security.md).
    package static func escape(_ text: String) -> String {
        let hex = hexDigits
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `+` read as a space and `%XX` decoded; text with a malformed escape, or whose bytes are
    /// not UTF-8, comes back with only its `+` replaced (as Foundation's `removingPercentEncoding`
    /// failing left it).
    static func unescape(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var malformed = false
        var index = text.utf8.startIndex
        let end = text.utf8.endIndex
        while index < end {
            let byte = text.utf8[index]
            index = text.utf8.index(after: index)
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard index < end, let high = Hex.value(of: text.utf8[index]),
                      text.utf8.index(after: index) < end, let low = Hex.value(of: text.utf8[text.utf8.index(after: index)]) else {
                    malformed = true
                    bytes.append(byte)
                    continue
                }
                bytes.append(high << 4 | low)
                index = text.utf8.index(index, offsetBy: 2)
            default: bytes.append(byte)
            }
        }
        if !malformed, let decoded = String(validating: bytes, as: UTF8.self) { return decoded }
        return String(text.replacing("+", with: " "))
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
