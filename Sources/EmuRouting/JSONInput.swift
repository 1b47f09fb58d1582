import EmuData
import EmuHTTP
import LCWire
import Primitives

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

// MARK: - A query value's raw bytes

/// The bytes a query parameter's value was percent-encoded from, before any UTF-8 decoding:
/// what `JSONInput` parses when the decoded value shows a replaced byte (U+FFFD). It decodes
/// like the HTTP parser (`+` is a space, a `%` that starts no escape stays literal).
enum RawQueryValue {
    /// The first value of `name` in the query of `target` (`/path?a=1&b=2`), as bytes.
    static func bytes(of name: String, in target: String) -> [UInt8]? {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        let query = Array(target.utf8[target.utf8.index(after: mark)...])
        for part in query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = part.firstIndex(of: UInt8(ascii: "="))
            let rawName = part[..<(equals ?? part.endIndex)]
            guard String(decoding: decode(rawName), as: UTF8.self) == name else { continue }
            return equals.map { decode(part[part.index(after: $0)...]) } ?? []
        }
        return nil
    }

    private static func decode(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), bytes.endIndex - index >= 3,
               let high = Hex.value(of: bytes[index + 1]), let low = Hex.value(of: bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return decoded
    }
}
