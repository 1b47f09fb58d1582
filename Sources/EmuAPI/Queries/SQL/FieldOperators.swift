import EmuSQLite
import Foundation
import LCWire

/// The `$` operators of one field (§3.2), each turned into SQL by the compiler's rules.
struct FieldOperators {
    let compiler: WhereCompiler
    let access: FieldAccess
    let kind: QuerySchema.FieldKind
    let path: String
    let operators: JSONObject

    func compile() throws -> SQLFragment {
        var parts: [SQLFragment] = []
        var geo = GeoConstraint()
        for (op, value) in operators {
            switch op {
            case "$ne": parts.append(.not(try compiler.equality(access, kind, path, QueryOperand(value))))
            case "$lt": parts.append(try compare(.lt, value))
            case "$lte": parts.append(try compare(.lte, value))
            case "$gt": parts.append(try compare(.gt, value))
            case "$gte": parts.append(try compare(.gte, value))
            case "$in": parts.append(try membership(value, op))
            case "$nin": parts.append(.not(try membership(value, op)))
            case "$all": parts.append(try all(value))
            case "$size": parts.append(try size(value))
            case "$exists": parts.append(try exists(value))
            case "$regex": parts.append(try regex(value))
            case "$options": guard operators["$regex"] != nil else { throw QueryError.invalid("$options needs $regex") }
            case "$inQuery", "$notInQuery":
                let inQuery = try InnerQueries.inQuery(compiler, access, kind, value, op)
                parts.append(op == "$inQuery" ? inQuery : .not(inQuery))
            case "$select", "$dontSelect":
                let select = try InnerQueries.select(compiler, access, kind, value, op)
                parts.append(op == "$select" ? select : .not(select))
            default:
                guard try geo.accept(op, value) else { throw QueryError.invalid("unknown operator \(op)") }
            }
        }
        if let condition = try geo.compile(access, compiler) { parts.append(condition) }
        return .all(parts)
    }

    private func compare(_ relation: ValueCondition.Relation, _ value: JSON) throws -> SQLFragment {
        let operand = QueryOperand(value)
        if kind == .array { return try compiler.anyElement(access) { try ValueCondition.compare($0, relation, operand) } }
        return try ValueCondition.compare(access, relation, operand)
    }

    /// `$in` and the positive half of `$nin`: equal to any listed value (array fields: contain any).
    private func membership(_ value: JSON, _ op: String) throws -> SQLFragment {
        guard let items = value.arrayValue else { throw QueryError.invalid("\(op) needs an array") }
        let operands = items.map(QueryOperand.init)
        if kind == .array { return compiler.anyElement(access) { Self.anyOf($0, operands) } }
        if case .relation = kind { return .any(try operands.map { try compiler.equality(access, kind, path, $0) }) }
        return Self.anyOf(access, operands)
    }

    /// Strings and numbers become one `IN (…)` each, so an index answers them in one pass.
    static func anyOf(_ a: FieldAccess, _ operands: [QueryOperand]) -> SQLFragment {
        var strings: [SQLiteValue] = [], numbers: [SQLiteValue] = [], others: [SQLFragment] = []
        for operand in operands {
            switch operand {
            case .string(let s) where a.column == nil: strings.append(.text(s))
            case .number(let n) where a.column == nil: numbers.append(QueryOperand.bind(n))
            default: others.append(ValueCondition.equals(a, operand))
            }
        }
        var parts = others
        if !strings.isEmpty {
            parts.append(SQLFragment("\(a.type) = 'text' AND \(a.value) IN (\(SQLFragment.placeholders(strings.count)))", strings))
        }
        if !numbers.isEmpty {
            parts.append(SQLFragment("\(a.type) IN ('integer', 'real') AND \(a.value) IN (\(SQLFragment.placeholders(numbers.count)))", numbers))
        }
        return .any(parts)
    }

    private func all(_ value: JSON) throws -> SQLFragment {
        guard let items = value.arrayValue else { throw QueryError.invalid("$all needs an array") }
        let contains = items.map { item in compiler.anyElement(access) { ValueCondition.equals($0, QueryOperand(item)) } }
        return SQLFragment("\(access.type) = 'array'").and(.all(contains))
    }

    private func size(_ value: JSON) throws -> SQLFragment {
        guard let n = value.intValue, n >= 0 else { throw QueryError.invalid("$size needs a non-negative integer") }
        return SQLFragment("\(access.type) = 'array' AND json_array_length(\(access.value)) = ?", [.integer(Int64(n))])
    }

    private func exists(_ value: JSON) throws -> SQLFragment {
        guard let flag = value.boolValue else { throw QueryError.invalid("$exists needs true or false") }
        if access.column != nil { return flag ? .alwaysTrue : .alwaysFalse }
        return SQLFragment("\(access.type) IS \(flag ? "NOT NULL" : "NULL")")
    }

    private func regex(_ value: JSON) throws -> SQLFragment {
        guard let pattern = value.stringValue else { throw QueryError.invalid("$regex needs a string") }
        let options = operators["$options"]?.stringValue ?? ""
        _ = try RegexCache.shared.regex(pattern: pattern, options: options)  // refuse bad patterns now
        let matches = compiler.anyElement(kind == .array ? access : FieldAccess.scalar(access)) { a in
            SQLFragment("\(a.type) = 'text' AND lcemu_regexp(?, ?, \(a.value))", [.text(pattern), .text(options)])
        }
        // "starts with" (what SDKs send for prefix searches) also becomes a range the index serves.
        guard kind != .array, let prefix = RegexPrefix.literalPrefix(pattern, options: options) else { return matches }
        let range = SQLFragment("\(access.value) >= ? AND \(access.value) < ?", [.text(prefix), .text(prefix + "\u{10FFFF}")])
        return range.and(matches)
    }
}

extension SQLFragment {
    func and(_ other: SQLFragment) -> SQLFragment { .all([self, other]) }
}

extension FieldAccess {
    /// The same access without its array iteration, for conditions on the value itself.
    static func scalar(_ a: FieldAccess) -> FieldAccess {
        FieldAccess(value: a.value, type: a.type, member: a.member, elements: nil, column: a.column)
    }
}
