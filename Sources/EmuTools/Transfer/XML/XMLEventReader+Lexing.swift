import EmuData
import EmuRouting

extension XMLEventReader {
    func starts(with literal: String) -> Bool {
        bytes[index...].starts(with: literal.utf8)
    }

    /// Moves past the next occurrence of `terminator`.
    mutating func skip(past terminator: String) throws {
        let target = Array(terminator.utf8)
        while index < bytes.count {
            if bytes[index...].starts(with: target) { index += target.count; return }
            index += 1
        }
        throw error("unexpected end: \(terminator) missing", notXML: !sawRoot)
    }

    /// A DOCTYPE, including an internal subset in brackets (its declarations are ignored).
    mutating func skipDoctype() throws {
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "]") { depth -= 1 }
            if byte == UInt8(ascii: ">") && depth <= 0 { return }
        }
        throw error("unterminated DOCTYPE", notXML: true)
    }

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// A name: everything up to white space, `/`, `>`, `=` or the end.
    mutating func readName() -> String {
        let start = index
        while index < bytes.count, ![0x20, 0x09, 0x0A, 0x0D, 0x2F, 0x3E, 0x3D].contains(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    func localName(_ qualified: String) -> String {
        qualified.firstIndex(of: ":").map { String(qualified[qualified.index(after: $0)...]) } ?? qualified
    }

    /// The URI bound to the name's prefix by the innermost declaration in scope.
    func namespace(of qualified: String) -> String? {
        let prefix = qualified.firstIndex(of: ":").map { String(qualified[..<$0]) } ?? ""
        for scope in open.reversed() {
            if let uri = scope.bindings[prefix] { return uri }
        }
        return nil
    }

    /// Text with `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` and `&#N;` / `&#xH;` replaced.
    func decodeEntities(_ slice: ArraySlice<UInt8>) throws -> String {
        guard slice.contains(UInt8(ascii: "&")) else { return String(decoding: slice, as: UTF8.self) }
        var result = ""
        var rest = Substring(String(decoding: slice, as: UTF8.self))
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { throw error("an & that starts no entity") }
            let name = rest[rest.index(after: amp)..<semicolon]
            result += try String(entity: name, at: self)
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}

private extension String {
    init(entity name: Substring, at reader: XMLEventReader) throws {
        switch name {
        case "lt": self = "<"
        case "gt": self = ">"
        case "amp": self = "&"
        case "quot": self = "\""
        case "apos": self = "'"
        default:
            let scalar: UInt32?
            if name.hasPrefix("#x") { scalar = UInt32(name.dropFirst(2), radix: 16) }
            else if name.hasPrefix("#") { scalar = UInt32(name.dropFirst(1)) }
            else { scalar = nil }
            guard let value = scalar.flatMap(Unicode.Scalar.init) else { throw reader.error("unknown entity &\(name);") }
            self = String(Character(value))
        }
    }
}
