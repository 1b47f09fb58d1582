import EmuData
import EmuRouting

/// Header names are tokens and values carry no line breaks: a route must not be able to split
/// the response it writes.
enum HTTPHeaderText {
    static func isValid(name: String, value: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") }
            && !value.utf8.contains { $0 == 0x0A || $0 == 0x0D || $0 == 0 }
    }
}
