/// An ordered list of header fields with case-insensitive lookup (RFC 9110 §5.1).
///
/// Names keep the case they arrived with; lookups compare ASCII case-insensitively.
public struct HTTPHeaders: Sequence, Sendable, ExpressibleByDictionaryLiteral {
    public typealias Field = (name: String, value: String)
    public private(set) var fields: [Field] = []

    public init() {}

    public init(_ fields: [Field]) { self.fields = fields }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of the named field, if any.
    public subscript(name: String) -> String? {
        for field in fields where field.name.asciiCaseInsensitiveEquals(name) { return field.value }
        return nil
    }

    /// Every value of the named field, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.asciiCaseInsensitiveEquals(name) }.map(\.value)
    }

    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// Appends a field, keeping any existing field of the same name.
    public mutating func add(_ name: String, _ value: String) { fields.append((name, value)) }

    /// Replaces every field of that name with one field.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name, value))
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.asciiCaseInsensitiveEquals(name) }
    }

    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}

extension String {
    /// ASCII case-insensitive comparison, the rule for header names and tokens.
    @inlinable
    public func asciiCaseInsensitiveEquals(_ other: String) -> Bool {
        // Lengths first: O(1) for native strings, and most lookups miss on length alone.
        guard utf8.count == other.utf8.count else { return false }
        // Usually the same text (a name set from the same constant is even the same storage):
        // one comparison, then the byte loop only for a difference of case.
        if self == other { return true }
        var a = utf8.makeIterator(), b = other.utf8.makeIterator()
        while true {
            switch (a.next(), b.next()) {
            case (nil, nil): return true
            case let (x?, y?):
                if x == y { continue }
                if (x | 0x20) != (y | 0x20) { return false }
                let lower = x | 0x20
                if lower < 0x61 || lower > 0x7A { return false }
            default: return false
            }
        }
    }
}
