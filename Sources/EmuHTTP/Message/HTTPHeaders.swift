import Primitives

/// An ordered list of header fields with case-insensitive lookup (RFC 9110 §5.1).
///
/// Names keep the case they arrived with; lookups compare ASCII case-insensitively.
public struct HTTPHeaders: Sequence, Sendable, ExpressibleByDictionaryLiteral {
    public typealias Field = (name: String, value: String)
    public private(set) var fields: [Field] = []

    public init() {}

    /// Whether `name` may name a field: a token (RFC 9110 §5.1, `HTTPBytes.isToken`). A response
    /// field named otherwise is left out of the head (`HeadWriter.writeField`), so whatever
    /// defines fields ahead of time (custom routes) refuses such names with this same rule.
    public static func isFieldName(_ name: String) -> Bool {
        name.utf8.withContiguousStorageIfAvailable(HTTPBytes.isToken) ?? Array(name.utf8).withUnsafeBufferPointer(HTTPBytes.isToken)
    }

    public init(_ fields: [Field]) { self.fields = fields }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of the named field, if any.
    ///
    /// The fields are looked at in place: iterating them copied each field, retaining and
    /// releasing its value, a dozen lookups per request (issue 31). Inlinable, so that a caller
    /// in another module reads the fields in place too.
    @inlinable
    public subscript(name: String) -> String? {
        fields.withUnsafeBufferPointer { fields in
            for index in fields.indices where fields[index].name.asciiCaseInsensitiveEquals(name) {
                return fields[index].value
            }
            return nil
        }
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
