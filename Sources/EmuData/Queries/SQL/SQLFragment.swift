import EmuSQLite
import LCWire

/// SQL text with its bound arguments, built up piece by piece. Values are always bound; the only
/// text ever spliced in is SQL the compiler wrote itself and validated field paths.
struct SQLFragment: Sendable {
    var sql: String
    var arguments: [SQLiteValue]

    init(_ sql: String = "", _ arguments: [SQLiteValue] = []) {
        self.sql = sql
        self.arguments = arguments
    }

    static let alwaysTrue = SQLFragment("1")
    static let alwaysFalse = SQLFragment("0")

    /// `(a) AND (b) AND …`; empty → true.
    static func all(_ parts: [SQLFragment]) -> SQLFragment {
        join(parts, with: " AND ", empty: .alwaysTrue)
    }

    /// `(a) OR (b) OR …`; empty → false.
    static func any(_ parts: [SQLFragment]) -> SQLFragment {
        join(parts, with: " OR ", empty: .alwaysFalse)
    }

    /// Negation that treats SQL's NULL (a missing member) as false, so `$ne` and `$nin` match
    /// objects without the field, as in MongoDB.
    static func not(_ part: SQLFragment) -> SQLFragment {
        SQLFragment("NOT COALESCE((\(part.sql)), 0)", part.arguments)
    }

    /// The longest list joined flat; longer ones become a balanced tree of such lists.
    static let flatJoinLimit = 64

    private static func join(_ parts: [SQLFragment], with separator: String, empty: SQLFragment) -> SQLFragment {
        if parts.isEmpty { return empty }
        if parts.count == 1 { return parts[0] }
        // SQLite parses `a OR b OR c …` into a tree as deep as the list is long and refuses depth
        // 1000, so a `$or` of 1,000 clauses must not become one flat list.
        if parts.count > flatJoinLimit {
            let middle = parts.count / 2
            return join([join(Array(parts[..<middle]), with: separator, empty: empty),
                         join(Array(parts[middle...]), with: separator, empty: empty)], with: separator, empty: empty)
        }
        return SQLFragment(parts.map { "(\($0.sql))" }.joined(separator: separator), parts.flatMap(\.arguments))
    }

    /// `expression IN (…)`. Up to `flatJoinLimit` values are placeholders, as the planner sees
    /// them best; a longer list is one bound JSON array read by `json_each`. SQLite compares every
    /// new constant of a statement with those before it while preparing it, so ten thousand
    /// placeholders take seconds; one parameter keeps a list of any length linear.
    static func inList(_ expression: String, _ values: [SQLiteValue]) -> SQLFragment {
        guard values.count > flatJoinLimit else {
            return SQLFragment("\(expression) IN (\(placeholders(values.count)))", values)
        }
        return SQLFragment("\(expression) IN (SELECT value FROM json_each(?))", [.text(jsonArray(values))])
    }

    /// The values as a JSON array for `json_each`: text as strings, numbers as numbers.
    static func jsonArray(_ values: [SQLiteValue]) -> String {
        JSON.array(values.map { value in
            switch value {
            case .text(let text): return .string(text)
            case .integer(let n): return .number(Double(n))
            case .real(let n): return .number(n)
            case .null, .blob: return .null
            }
        }).jsonString
    }

    /// `? , ?, ?` for a list of values.
    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
