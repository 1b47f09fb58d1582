import EmuSQLite
import LCWire

/// SQL for comparing one accessed value with one operand, type-aware: a string never equals a
/// number, Dates compare as instants, Pointers by class and id. A condition on a missing member
/// may be NULL; `SQLFragment.not` treats that as false.
enum ValueCondition {
    /// `value == operand`.
    static func equals(_ a: FieldAccess, _ operand: QueryOperand) -> SQLFragment {
        if let column = a.column { return columnCompare(a, column, "=", operand) ?? .alwaysFalse }
        switch operand {
        case .string(let s): return SQLFragment("\(a.type) = 'text' AND \(a.value) = ?", [.text(s)])
        case .number(let n): return SQLFragment("\(a.type) IN ('integer', 'real') AND \(a.value) = ?", [QueryOperand.bind(n)])
        case .bool(let b): return SQLFragment("\(a.type) IS '\(b ? "true" : "false")'")
        case .null: return SQLFragment("\(a.type) IS NULL OR \(a.type) = 'null'")
        case .date(let date):
            return SQLFragment("\(a.member("iso")) = ? AND \(a.member(LCWireKey.type)) = 'Date'", [.text(date.iso)])
        case .pointer(let pointer):
            return SQLFragment("\(a.member("objectId")) = ? AND \(a.member("className")) = ?",
                               [.text(pointer.objectId), .text(pointer.className)])
        case .json(let json):
            return SQLFragment("\(a.type) IN ('object', 'array') AND \(a.value) = ?", [.text(json.jsonString)])
        }
    }

    /// `value <op> operand` within one type (MongoDB's brackets): numbers, strings, Dates, and
    /// booleans (false < true); `WhereParser` refused other operands.
    static func compare(_ a: FieldAccess, _ comparison: WhereComparison, _ operand: QueryOperand) throws -> SQLFragment {
        let op = comparison.sql
        if let column = a.column {
            guard let fragment = columnCompare(a, column, op, operand) else {
                throw QueryError.invalid("cannot compare \(columnName(column)) with \(describe(operand))")
            }
            return fragment
        }
        switch operand {
        case .string(let s): return SQLFragment("\(a.type) = 'text' AND \(a.value) \(op) ?", [.text(s)])
        case .number(let n):
            if let range = numberRange(a, comparison, n) { return range }
            return SQLFragment("\(a.type) IN ('integer', 'real') AND \(a.value) \(op) ?", [QueryOperand.bind(n)])
        case .bool(let b):
            // json_type names the two booleans; compare their ranks, false 0 and true 1.
            return SQLFragment("\(a.type) IN ('false', 'true') AND (\(a.type) = 'true') \(op) ?", [.integer(b ? 1 : 0)])
        case .date(let date):
            return SQLFragment("\(a.member("iso")) \(op) ? AND \(a.member(LCWireKey.type)) = 'Date'", [.text(date.iso)])
        default:
            throw QueryError.invalid("\(comparison.rawValue) needs a number, a string, a boolean or a Date, got \(describe(operand))")
        }
    }

    /// `value <op> n` without a type test, when the bound alone keeps out every value that is not
    /// a number; nil otherwise. The value is `json_extract`'s: a number, text for a string (and
    /// for an object or array), 0 or 1 for `false` and `true`, NULL when missing; SQLite orders
    /// every number before every text. So `> n` and `>= n` with the booleans' 0 and 1 below the
    /// bound match numbers only once `< ''` (below the smallest text) ends the range, and `< n`,
    /// `<= n` with 0 and 1 above it match numbers only as they are. Both bounds are the index's
    /// range (`IndexAdvisor`), so its walk tests no type per entry: 7 % of a query page's
    /// statement (`rank >= 500` over 1,000 Posts).
    private static func numberRange(_ a: FieldAccess, _ comparison: WhereComparison, _ n: Double) -> SQLFragment? {
        let bound = QueryOperand.bind(n)
        switch comparison {
        case .greaterThan where n >= 1, .greaterThanOrEqual where n > 1:
            return SQLFragment("\(a.value) \(comparison.sql) ? AND \(a.value) < ''", [bound])
        case .lessThan where n <= 0, .lessThanOrEqual where n < 0:
            return SQLFragment("\(a.value) \(comparison.sql) ?", [bound])
        default:
            return nil
        }
    }

    /// objectId compares as text; createdAt/updatedAt as instants (given as Date objects or ISO strings).
    private static func columnCompare(_ a: FieldAccess, _ column: FieldAccess.ServerColumn, _ op: String, _ operand: QueryOperand) -> SQLFragment? {
        switch column {
        case .objectId:
            guard case .string(let id) = operand else { return op == "=" ? .alwaysFalse : nil }
            return SQLFragment("\(a.value) \(op) ?", [.text(id)])
        case .createdAt, .updatedAt:
            guard let ms = operand.milliseconds else { return op == "=" ? .alwaysFalse : nil }
            return SQLFragment("\(a.value) \(op) ?", [.integer(ms)])
        }
    }

    static func describe(_ operand: QueryOperand) -> String {
        switch operand {
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        case .date: return "a Date"
        case .pointer: return "a Pointer"
        case .json(let json): return json.arrayValue != nil ? "an array" : "an object"
        }
    }

    private static func columnName(_ column: FieldAccess.ServerColumn) -> String {
        switch column {
        case .objectId: return "objectId"
        case .createdAt: return "createdAt"
        case .updatedAt: return "updatedAt"
        }
    }
}
