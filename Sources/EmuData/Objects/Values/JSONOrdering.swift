import LCWire

/// The order `$lt`, `$lte`, `$gt` and `$gte` use: only values of one kind compare — numbers
/// as numbers, strings by Unicode code point (UTF-8 byte order, as SQLite's BINARY collation),
/// Dates by instant, booleans false before true. Anything else is incomparable, so such a
/// condition matches nothing (Mongo's type bracketing, which LeanCloud runs on, spec §3.4).
public enum JSONOrdering {
    /// The order of `lhs` relative to `rhs`, or nil when they do not compare.
    public static func compare(_ lhs: JSON, _ rhs: JSON) -> Ordering? {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)):
            return a < b ? .ascending : (a > b ? .descending : .same)
        case (.string(let a), .string(let b)):
            if a.utf8.elementsEqual(b.utf8) { return .same }
            return a.utf8.lexicographicallyPrecedes(b.utf8) ? .ascending : .descending
        case (.bool(let a), .bool(let b)):
            return a == b ? .same : (a ? .descending : .ascending)
        case (.object, .object):
            guard let a = LCDate(json: lhs), let b = LCDate(json: rhs) else { return nil }
            return a < b ? .ascending : (a > b ? .descending : .same)
        default:
            return nil
        }
    }

    /// The result of a comparison.
    public enum Ordering: Sendable {
        /// The left value comes first.
        case ascending
        /// The values are equal in this order.
        case same
        /// The right value comes first.
        case descending
    }
}
