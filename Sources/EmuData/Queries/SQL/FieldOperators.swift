import EmuSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire

/// The SQL of one field's tests (`FieldTest`, parsed and checked by `WhereParser`).
struct FieldOperators {
    let compiler: WhereCompiler
    let access: FieldAccess
    let kind: QuerySchema.FieldKind
    let path: String

    func compile(_ test: FieldTest) throws -> SQLFragment {
        switch test {
        case .equals(let value): return try equality(value)
        case .notEquals(let value): return .not(try equality(value))
        case .compare(let comparison, let value): return try compare(comparison, value)
        case .isIn(let items): return try membership(items)
        case .notIn(let items): return .not(try membership(items))
        case .containsAll(let items): return try containsAll(items)
        case .size(let n):
            return SQLFragment("\(access.type) = 'array' AND json_array_length(\(access.value)) = ?", [.integer(Int64(n))])
        case .exists(let flag):
            if access.column != nil { return flag ? .alwaysTrue : .alwaysFalse }
            return SQLFragment("\(access.type) IS \(flag ? "NOT NULL" : "NULL")")
        case .regex(let regex): return regexCondition(regex)
        case .inQuery(let query, let negated):
            let inQuery = try InnerQueries.inQuery(compiler, access, kind, query)
            return negated ? .not(inQuery) : inQuery
        case .select(let query, let key, let negated):
            let select = try InnerQueries.select(compiler, access, kind, query, key: key)
            return negated ? .not(select) : select
        case .geo(let condition): return try condition.sql(access, compiler)
        }
    }

    func equality(_ value: JSON) throws -> SQLFragment {
        try compiler.equality(access, kind, path, QueryOperand(value))
    }

    private func compare(_ comparison: WhereComparison, _ value: JSON) throws -> SQLFragment {
        let operand = QueryOperand(value)
        return try compiler.valueOrElements(access, kind) { try ValueCondition.compare($0, comparison, operand) }
    }

    /// `$in` and the positive half of `$nin`: equal to any listed value, as `equality` is.
    private func membership(_ items: [JSON]) throws -> SQLFragment {
        let operands = items.map(QueryOperand.init)
        switch kind {
        case .array:
            // Elements in one pass; null (missing too) and whole arrays as `equality` has them.
            var parts = [compiler.anyElement(access) { Self.anyOf($0, operands) }]
            for operand in operands {
                switch operand {
                case .null, .json(.array): parts.append(try compiler.equality(access, kind, path, operand))
                default: break
                }
            }
            return .any(parts)
        case .relation: return relationMembers(operands)
        case .nested: return compiler.valueOrElements(access, kind) { Self.anyOf($0, operands) }
        case .scalar, .date: return Self.anyOf(access, operands)
        }
    }


    private func regexCondition(_ regex: WhereRegex) -> SQLFragment {
        let matches = compiler.valueOrElements(access, kind) { a in
            SQLFragment("\(a.type) = 'text' AND \(QueryFunctions.regexp)(?, ?, \(a.value))", [.text(regex.pattern), .text(regex.options)])
        }
        // "starts with" (what SDKs send for prefix searches) also becomes a range the index serves.
        guard kind == .scalar || kind == .date, let prefix = RegexPrefix.literalPrefix(regex.pattern, options: regex.options) else { return matches }
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

// MARK: - RegexPrefix

/// The literal text an anchored regular expression requires at the start of a match, so that a
/// prefix search can use an index range instead of scanning (the regex still decides).
enum RegexPrefix {
    private static let special: Set<Character> = ["\\", ".", "^", "$", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}"]
    private static let quantifiers: Set<Character> = ["?", "*", "{"]

    /// `^abc…` without `i`, `m` or `x` options and without alternation → `abc`; otherwise nil.
    static func literalPrefix(_ pattern: String, options: String) -> String? {
        guard pattern.hasPrefix("^"), !options.contains(where: { "imx".contains($0) }), !pattern.contains("|") else {
            return nil
        }
        var prefix = ""
        var rest = pattern.dropFirst()
        while let c = rest.first, !special.contains(c) {
            prefix.append(c)
            rest.removeFirst()
        }
        // `^abc?` or `^abc*`: the last literal is optional.
        if let next = rest.first, quantifiers.contains(next), !prefix.isEmpty { prefix.removeLast() }
        return prefix.isEmpty ? nil : prefix
    }
}
