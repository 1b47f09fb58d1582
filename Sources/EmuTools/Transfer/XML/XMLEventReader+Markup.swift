import EmuData
import EmuRouting

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
