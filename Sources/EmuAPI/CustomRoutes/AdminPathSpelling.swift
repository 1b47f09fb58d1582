/// Whether a path names the emulator's own `/__admin` (the admin API and the dashboard) in any
/// spelling a client or a route file might use: `//__admin`, `/x/../__admin`, `/__ADMIN`,
/// `/%5F_admin` (escapes decoded once more: the server decodes a request's path once already),
/// `\__admin`. Custom routes are tried before the router, so a route must never answer such a
/// path, nor be defined on one: either would put a mock in front of the emulator's own checks.
enum AdminPathSpelling {
    static let segment = "__admin"

    static func reachesAdmin(_ path: String) -> Bool {
        guard let first = normalizedSegments(path).first else { return false }
        return first.lowercased() == segment
    }

    /// The segments after decoding `%XX` escapes, splitting on `/` and `\`, dropping empty and
    /// `.` segments and letting `..` remove the one before: how a lenient server or proxy would
    /// read the path.
    static func normalizedSegments(_ path: String) -> [Substring] {
        let decoded = percentDecoded(path)
        var segments: [Substring] = []
        for part in decoded.split(whereSeparator: { $0 == "/" || $0 == "\\" }) {
            switch part {
            case ".": continue
            case "..": _ = segments.popLast()
            default: segments.append(part)
            }
        }
        return segments
    }

    /// `%XX` escapes decoded; anything else (a stray `%`) kept as it is.
    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "%"), input.count >= 2,
               let high = hexValue(input[input.startIndex]), let low = hexValue(input[input.startIndex + 1]) {
                bytes.append(high << 4 | low)
                input = input.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
