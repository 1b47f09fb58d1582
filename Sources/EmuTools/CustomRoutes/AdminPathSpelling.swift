import EmuData
import EmuRouting
import Primitives

/// Whether a path names the emulator's own `/__admin` (the admin API and the dashboard) in any
/// spelling a client or a route file might use. Custom routes are tried before the router, so a
/// route must never answer such a path, nor be defined on one: either would put a mock in front
/// of the emulator's own checks. `AdminPath` decides for a decoded request path (doubled slashes,
/// dot segments, any case); this adds what a route's template or a lenient proxy may bring:
/// `%XX` escapes decoded once more (`/%5F_admin` in a template, `/%255F_admin` in a request) and
/// `\` read as `/`.
package enum AdminPathSpelling {
    package static func reachesAdmin(_ path: String) -> Bool {
        if AdminPath.contains(path) { return true }
        guard path.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "\\") }) else { return false }
        return AdminPath.contains(percentDecoded(path).replacingOccurrences(of: "\\", with: "/"))
    }

    /// `%XX` escapes decoded; anything else (a stray `%`) kept as it is.
    static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "%"), input.count >= 2,
               let high = Hex.value(of: input[input.startIndex]), let low = Hex.value(of: input[input.startIndex + 1]) {
                bytes.append(high << 4 | low)
                input = input.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
