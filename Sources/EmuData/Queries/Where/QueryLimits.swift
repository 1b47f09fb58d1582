import LCWire

/// The most one `where` may ask for (docs/queries.md, "Limits"; docs/security.md). Every query
/// and conditional write is parsed by `WhereParser`, which counts against these as it reads, so
/// a query past one is refused with 400 code 1 before any SQL exists. Within them a query stays
/// cheap: long lists compile to one bound JSON array (`SQLFragment.inList`), whatever their
/// length; what SQLite still pays for per condition is bounded by `maxConditions`.
enum QueryLimits {
    /// Values in one `$in`, `$nin` or `$all`. Strings, numbers and Pointers cost one SQL
    /// parameter together, so ten thousand (an app's "these ids" list) are answered in
    /// milliseconds; LeanCloud documents no limit, MongoDB's is the 16 MB document.
    static let maxListValues = 10_000

    /// Conditions in one `where`, inner queries included: each test of a key (`{"n":{"$gt":1,
    /// "$lt":5}}` is two), each `$relatedTo`, each list value that compiles to SQL of its own
    /// (Dates, objects, booleans, null; in `$all` also Pointers), and each `$or`/`$and` branch
    /// that tests nothing else (`{}`). SQLite's statement preparation grows with the square of the number
    /// of distinct conditions (docs/security.md has the figures), so this caps the worst case.
    static let maxConditions = 2_000

    /// How deep `$or`/`$and` nest in one `where`. SDKs nest two or three levels; SQLite's
    /// parser gives up around 90 with the ACL filter added, which this stays well below.
    static let maxClauseDepth = 32

    /// The longest `$regex` pattern, in UTF-8 bytes (a search box's text, not a program).
    static let maxRegexBytes = 4096
}

/// What one `where` has used of `QueryLimits`, shared by its inner queries.
struct WhereBudget {
    private(set) var conditions = 0

    /// Counts `count` more conditions; past `QueryLimits.maxConditions` → 400 code 1.
    mutating func spend(_ count: Int = 1) throws {
        conditions += count
        guard conditions <= QueryLimits.maxConditions else {
            throw QueryError.invalid("more than \(QueryLimits.maxConditions) conditions")
        }
    }

    /// Checks one list operand: its length, and the values that compile to SQL of their own.
    /// `bulkPointers`: Pointers share one parameter too (`$in`, `$nin`; not `$all`).
    mutating func spend(list items: [JSON], _ op: String, bulkPointers: Bool) throws {
        guard items.count <= QueryLimits.maxListValues else {
            throw QueryError.invalid("\(op) takes at most \(QueryLimits.maxListValues) values")
        }
        let separate = items.filter { item in
            switch QueryOperand(item) {
            case .string, .number: return false
            case .pointer: return !bulkPointers
            default: return true
            }
        }
        try spend(separate.count)
    }
}
