// What the emulator used from Foundation's string API, written over the standard library so that
// the lcemu binary needs only FoundationEssentials (docs/performance.md, "Why idle memory is what
// it is"): Foundation proper loads ICU.

extension StringProtocol {
    /// Without leading and trailing tabs and space separators (Foundation's
    /// `trimmingCharacters(in: .whitespaces)`); `newlines` also trims line terminators and the
    /// rest of White_Space (`.whitespacesAndNewlines`).
    public func trimmingWhitespace(newlines: Bool = false) -> String {
        let scalars = String(self).unicodeScalars
        func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
            if scalar == " " || scalar == "\t" { return true }
            if newlines { return scalar.properties.isWhitespace }
            return !scalar.isASCII && scalar.properties.generalCategory == .spaceSeparator
        }
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isTrimmed($0) })!
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }

    /// `%XX` escapes decoded; nil when an escape is malformed or the bytes are not UTF-8
    /// (Foundation's `removingPercentEncoding`). `+` stays a `+`.
    public var percentDecoded: String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next().flatMap(Hex.value(of:)), let low = iterator.next().flatMap(Hex.value(of:)) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

/// File paths as text, with NSString's path rules (`appendingPathComponent` and the like).
public enum PathText {
    /// `directory` and `name` joined by one slash.
    public static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty { return name }
        if name.isEmpty { return directory }
        let head = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return head + "/" + (name.hasPrefix("/") ? String(name.dropFirst()) : name)
    }

    /// Without its last component (`a/b/c` → `a/b`, `/a` → `/`, `a` → ``).
    public static func parent(of path: String) -> String {
        let trimmed = trailingSlashesRemoved(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// The last component (`a/b.json` → `b.json`).
    public static func lastComponent(of path: String) -> String {
        let trimmed = trailingSlashesRemoved(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The last component's extension, without its dot (`b.json` → `json`; `.hidden` → ``).
    public static func pathExtension(of path: String) -> String {
        let name = lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The path without its last component's extension.
    public static func deletingExtension(of path: String) -> String {
        let ext = pathExtension(of: path)
        let trimmed = trailingSlashesRemoved(path)
        return ext.isEmpty ? trimmed : String(trimmed.dropLast(ext.count + 1))
    }

    private static func trailingSlashesRemoved(_ path: String) -> String {
        var result = Substring(path)
        while result.count > 1, result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }
}
