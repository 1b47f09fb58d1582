/// A JSON object: key/value pairs that keep their insertion order.
///
/// Order matters on the wire (bodies read like the real server's, `{"code":…,"error":…}`),
/// yet two objects are equal when they hold the same pairs in any order, as JSON says.
/// Setting an existing key keeps its position; setting `nil` removes it.
///
/// ```swift
/// var object: JSONObject = ["a": 1, "b": 2]
/// object["a"] = 3        // {"a":3,"b":2}
/// object["b"] = nil      // {"a":3}
/// ```
public struct JSONObject: Sendable {
    /// One member of the object.
    public typealias Element = (key: String, value: JSON)

    /// The members in insertion order, keys unique.
    private var entries: [Element]
    /// A key → position map, built only once the object outgrows a linear scan.
    private var positions: [String: Int]?

    /// Up to this many members, a linear scan beats hashing (most LeanCloud objects are small).
    private static let linearScanLimit = 12

    /// An empty object.
    public init() {
        entries = []
        positions = nil
    }

    /// An object from pairs in order; a repeated key keeps its first position and its last value.
    public init(_ pairs: [(String, JSON)]) {
        self.init()
        entries.reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    /// Makes room for `capacity` members at once, instead of growing 1, 2, 4, 8….
    public mutating func reserveCapacity(_ capacity: Int) { entries.reserveCapacity(capacity) }

    /// The number of members.
    public var count: Int { entries.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { entries.isEmpty }

    /// The keys in insertion order.
    public var keys: [String] { entries.map(\.key) }

    /// The values in insertion order.
    public var values: [JSON] { entries.map(\.value) }

    /// The value for `key`; assigning `nil` removes the member, assigning a value to an
    /// existing key replaces it in place.
    public subscript(key: String) -> JSON? {
        get {
            guard let position = position(of: key) else { return nil }
            return entries[position].value
        }
        set {
            guard let newValue else {
                removeValue(forKey: key)
                return
            }
            if let position = position(of: key) {
                entries[position].value = newValue
                return
            }
            entries.append((key: key, value: newValue))
            if positions != nil {
                positions![key] = entries.count - 1
            } else if entries.count > Self.linearScanLimit {
                rebuildPositions()
            }
        }
    }

    /// Whether the object has a member named `key`.
    public func contains(key: String) -> Bool { position(of: key) != nil }

    /// Removes the member named `key` and returns its value, if there was one.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSON? {
        guard let position = position(of: key) else { return nil }
        let removed = entries.remove(at: position).value
        if positions != nil { rebuildPositions() }
        return removed
    }

    private func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        return entries.firstIndex { $0.key == key }
    }

    private mutating func rebuildPositions() {
        var map = [String: Int](minimumCapacity: entries.count)
        for (offset, entry) in entries.enumerated() { map[entry.key] = offset }
        positions = map
    }
}

extension JSONObject: Sequence {
    /// Iterates the members in insertion order.
    public func makeIterator() -> IndexingIterator<[Element]> { entries.makeIterator() }

    /// The exact member count, so `Array(object)` allocates once.
    public var underestimatedCount: Int { entries.count }
}

// MARK: - Conformances

extension JSONObject: Equatable {
    /// Equal when both hold the same keys with equal values, in any order (RFC 8259 §4:
    /// object members are unordered).
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        // Keys are unique on both sides, so equal counts plus every lhs member found in rhs
        // means the same key sets.
        for (key, value) in lhs {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object from a literal; its keys keep the literal's order.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self.init(elements)
    }
}

extension JSONObject: CustomStringConvertible {
    /// The compact JSON text of the object.
    public var description: String { JSON.object(self).jsonString }
}
