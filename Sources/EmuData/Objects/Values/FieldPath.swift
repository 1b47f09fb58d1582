import LCWire

/// A key of an object body or a `keys`/`include`/`where` parameter, split on dots:
/// `"occupation.profession"` addresses the `profession` member of the `occupation` object
/// (spec §2.5, §3.2).
public struct FieldPath: Hashable, Sendable, CustomStringConvertible {
    /// The top-level field.
    public let head: String
    /// The segments below the head, none for a plain key: kept apart from it so that a plain
    /// key (nearly every key of every body) makes no array.
    private let rest: [String]

    /// The segments, at least one; a segment may be empty when the text has stray dots.
    public var segments: [String] { rest.isEmpty ? [head] : [head] + rest }

    /// Splits `text` on `.`, keeping empty segments so validation can refuse them.
    public init(_ text: String) {
        // Most keys have no dot: the text is the one segment, found without splitting by
        // Character (which was 2 % of a create's CPU, for every key of its body).
        guard text.utf8.contains(UInt8(ascii: ".")) else {
            self.init(head: text, rest: [])
            return
        }
        self.init(segments: text.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
    }

    /// A path from its segments; no segments make the empty key.
    public init(segments: [String]) {
        self.init(head: segments.first ?? "", rest: Array(segments.dropFirst()))
    }

    private init(head: String, rest: [String]) {
        self.head = head
        self.rest = rest
    }

    /// The path below the top-level field, or nil for a plain key.
    public var tail: FieldPath? { rest.isEmpty ? nil : FieldPath(segments: rest) }

    /// Whether the path goes below the top level.
    public var isNested: Bool { !rest.isEmpty }

    /// The dotted text.
    public var description: String { rest.isEmpty ? head : segments.joined(separator: ".") }

    /// The value at this path inside `object`: objects by key, arrays by decimal index.
    public func value(in object: JSONObject) -> JSON? {
        var current: JSON? = object[head]
        for segment in rest {
            switch current {
            case .object(let inner)?: current = inner[segment]
            case .array(let items)?:
                guard let index = Int(segment), items.indices.contains(index) else { return nil }
                current = items[index]
            default: return nil
            }
        }
        return current
    }
}
