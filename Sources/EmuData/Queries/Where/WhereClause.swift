import LCWire

/// A `where` (spec §3.2) after `WhereParser` has read and validated it: the one form both
/// engines consume — `WhereCompiler` turns it into SQL for queries, `WhereMatcher` evaluates it
/// in memory for conditional writes — so they cannot disagree on what is valid or what it means.
indirect enum WhereClause: Sendable {
    /// Every part holds (`$and`, the keys of an object, a top-level array); true when empty.
    case all([WhereClause])
    /// Some part holds (`$or`, never empty).
    case any([WhereClause])
    /// The tests of one key, in the order given: `{"n":{"$gt":1,"$lt":5}}` is two tests.
    case field(String, [FieldTest])
    /// `{"$relatedTo":{"object":<Pointer>,"key":"field"}}`: members of the owner's relation.
    case relatedTo(owner: LCPointer, key: String)
}

/// One test of a field's value, with MongoDB's semantics (docs/queries.md, "Semantics").
enum FieldTest: Sendable {
    /// Equal, or (an array) containing an equal element; `null` also matches a missing field.
    case equals(JSON)
    case notEquals(JSON)
    case compare(WhereComparison, JSON)
    case isIn([JSON])
    case notIn([JSON])
    /// `$all`: equal (as `equals`) to every listed value; an empty list matches nothing.
    case containsAll([JSON])
    case size(Int)
    case exists(Bool)
    case regex(WhereRegex)
    /// `$inQuery` (or, negated, `$notInQuery`): points to an object the inner query returns.
    case inQuery(InnerQuery, negated: Bool)
    /// `$select` (or, negated, `$dontSelect`): equals the `key` field of some inner result.
    case select(InnerQuery, key: String, negated: Bool)
    case geo(GeoCondition)
}

/// `$lt`, `$lte`, `$gt`, `$gte`.
enum WhereComparison: String, Sendable {
    case lessThan = "$lt", lessThanOrEqual = "$lte", greaterThan = "$gt", greaterThanOrEqual = "$gte"

    /// The SQL operator.
    var sql: String {
        switch self {
        case .lessThan: return "<"
        case .lessThanOrEqual: return "<="
        case .greaterThan: return ">"
        case .greaterThanOrEqual: return ">="
        }
    }

    /// Whether a value ordered `ordering` relative to the operand passes.
    func accepts(_ ordering: JSONOrdering.Ordering) -> Bool {
        switch (self, ordering) {
        case (.lessThan, .ascending), (.lessThanOrEqual, .ascending), (.lessThanOrEqual, .same),
             (.greaterThan, .descending), (.greaterThanOrEqual, .descending), (.greaterThanOrEqual, .same):
            return true
        default:
            return false
        }
    }
}

/// The query of `$inQuery`/`$select`: another class, its own parsed `where`, order and paging
/// (limit default 100, at most 1000, spec §3.3).
struct InnerQuery: Sendable {
    let className: String
    let condition: WhereClause?
    let order: String?
    let limit: Int
    let skip: Int
}

// MARK: - Long lists

extension WhereClause {
    /// The branches of a long `$or` (`$in`) or `$and` (`$all`) with the equalities on one key
    /// merged into that list operator, which means the same (`FieldOperators` compiles `$in` and
    /// `$all` from `equality`) and compiles to one bound list (`SQLFragment.inList`) instead of
    /// thousands of separate conditions, which SQLite prepares in time growing with their square.
    /// Short lists stay as they are.
    static func mergingEqualities(_ parts: [WhereClause], into list: ([JSON]) -> FieldTest) -> [WhereClause] {
        guard parts.count > SQLFragment.flatJoinLimit else { return parts }
        var values: [String: [JSON]] = [:]
        var paths: [String] = []
        var others: [WhereClause] = []
        for part in parts {
            guard case .field(let path, let tests) = part, tests.count == 1, case .equals(let value) = tests[0] else {
                others.append(part)
                continue
            }
            if values[path] == nil { paths.append(path) }
            values[path, default: []].append(value)
        }
        let merged = paths.map { path -> WhereClause in
            let equal = values[path] ?? []
            return equal.count == 1 ? .field(path, [.equals(equal[0])]) : .field(path, [list(equal)])
        }
        return merged + others
    }
}
