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
