import EmuData
import Primitives

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
