import EmuData
import EmuRouting

/// A small non-validating XML reader, enough for WordPress exports: elements, attributes,
/// namespaces, character and entity references, CDATA, comments, processing instructions and a
/// skipped DOCTYPE. Our own, so the binary does not link libxml2 through FoundationXML (and the
/// Docker image needs neither it nor ICU). External entities are never resolved.
struct XMLEventReader {
    let bytes: [UInt8]
    var index = 0
    /// Open elements, innermost last: their qualified names and the namespace bindings they add.
    var open: [(qualifiedName: String, bindings: [String: String])] = []
    var sawRoot = false
    var pending: [XMLEvent] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // UTF-8 byte order mark
    }

    /// The next event, or nil at the end of a well-formed document.
    mutating func next() throws -> XMLEvent? {
        if !pending.isEmpty { return pending.removeFirst() }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                if let event = try markup() { return event }
                continue
            }
            let text = try characterData()
            if !open.isEmpty { return .text(text) }
            // Outside the root only white space may appear.
            if text.contains(where: { !$0.isWhitespace }) {
                throw error(sawRoot ? "text after the root element" : "text before the root element", notXML: !sawRoot)
            }
        }
        if !sawRoot { throw error("no root element", notXML: true) }
        if let unclosed = open.last { throw error("<\(unclosed.qualifiedName)> is not closed") }
        return nil
    }

    /// Everything up to the next `<`, entities decoded.
    private mutating func characterData() throws -> String {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
        return try decodeEntities(bytes[start..<index])
    }

    func error(_ reason: String, notXML: Bool = false) -> XMLSyntaxError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return XMLSyntaxError(isNotXML: notXML, line: line, column: column, reason: reason)
    }
}

/// What `XMLEventReader` reports, in document order.
enum XMLEvent: Equatable {
    /// An opening tag (a self-closing tag gives `start` then `end`). `namespace` is the URI the
    /// name's prefix (or the default namespace) is bound to; nil when unbound.
    case start(name: String, namespace: String?, attributes: [String: String])
    case end(name: String, namespace: String?)
    /// Character data with entities decoded, or the raw content of a CDATA section.
    case text(String)
}

/// Where and why a document is not well-formed.
struct XMLSyntaxError: Error, Equatable {
    /// True when the bytes do not start an XML document at all (no root element).
    var isNotXML: Bool
    var line: Int
    var column: Int
    var reason: String
}

// MARK: - Markup

extension XMLEventReader {
    /// Reads the markup at `<`: an event for tags and CDATA, nil for what is skipped.
    mutating func markup() throws -> XMLEvent? {
        if starts(with: "<?") { try skip(past: "?>"); return nil }
        if starts(with: "<!--") { try skip(past: "-->"); return nil }
        if starts(with: "<![CDATA[") {
            guard !open.isEmpty else { throw error("CDATA outside the root element", notXML: !sawRoot) }
            index += 9
            let start = index
            try skip(past: "]]>")
            return .text(String(decoding: bytes[start..<(index - 3)], as: UTF8.self))
        }
        if starts(with: "<!DOCTYPE") { try skipDoctype(); return nil }
        if starts(with: "</") { return try endTag() }
        return try startTag()
    }

    private mutating func endTag() throws -> XMLEvent {
        index += 2
        let name = readName()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw error("malformed end tag </\(name)") }
        index += 1
        guard let top = open.last else { throw error("</\(name)> closes nothing") }
        guard top.qualifiedName == name else { throw error("</\(name)> does not close <\(top.qualifiedName)>") }
        let namespace = namespace(of: name)
        open.removeLast()
        return .end(name: localName(name), namespace: namespace)
    }

    private mutating func startTag() throws -> XMLEvent {
        if sawRoot && open.isEmpty { throw error("a second root element") }
        index += 1
        let name = readName()
        guard !name.isEmpty else { throw error("malformed tag", notXML: !sawRoot) }
        var attributes: [(String, String)] = []
        var selfClosing = false
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end inside <\(name)>") }
            if bytes[index] == UInt8(ascii: ">") { index += 1; break }
            if starts(with: "/>") { index += 2; selfClosing = true; break }
            attributes.append(try attribute(in: name))
        }
        var bindings: [String: String] = [:]
        for (key, value) in attributes where key == "xmlns" || key.hasPrefix("xmlns:") {
            bindings[key == "xmlns" ? "" : String(key.dropFirst(6))] = value
        }
        open.append((name, bindings))
        sawRoot = true
        let namespace = namespace(of: name)
        if selfClosing {
            open.removeLast()
            pending.append(.end(name: localName(name), namespace: namespace))
        }
        let plain = attributes.filter { $0.0 != "xmlns" && !$0.0.hasPrefix("xmlns:") }
        return .start(name: localName(name), namespace: namespace,
                      attributes: Dictionary(plain.map { (localName($0.0), $0.1) }, uniquingKeysWith: { first, _ in first }))
    }

    private mutating func attribute(in element: String) throws -> (String, String) {
        let key = readName()
        skipWhitespace()
        guard !key.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
            throw error("malformed attribute in <\(element)>")
        }
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw error("unquoted attribute \(key) in <\(element)>")
        }
        let quote = bytes[index]
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != quote { index += 1 }
        guard index < bytes.count else { throw error("unterminated attribute \(key)") }
        index += 1
        return (key, try decodeEntities(bytes[start..<(index - 1)]))
    }
}

// MARK: - Lexing

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
