import EmuSQLite
import LCWire

/// The SQL of list operands (`$in`, `$nin`, `$all`), linear in the list's length: values of one
/// kind share one `SQLFragment.inList`, never one placeholder each (QueryLimits.maxListValues).
extension FieldOperators {
    /// Equal to one of `operands`: strings, numbers, server-column keys and Pointers (by class)
    /// each become one `IN`, so an index answers them in one pass; other values (Dates, objects,
    /// booleans, null) are tested one by one, and `WhereBudget` counted them.
    static func anyOf(_ a: FieldAccess, _ operands: [QueryOperand]) -> SQLFragment {
        if let column = a.column {
            let keys = operands.compactMap { columnKey(column, $0) }
            return keys.isEmpty ? .alwaysFalse : .inList(a.value, keys)
        }
        var strings: [SQLiteValue] = [], numbers: [SQLiteValue] = [], others: [SQLFragment] = []
        var pointers: [String: [SQLiteValue]] = [:]
        for operand in operands {
            switch operand {
            case .string(let s): strings.append(.text(s))
            case .number(let n): numbers.append(QueryOperand.bind(n))
            case .pointer(let p) where operands.count > SQLFragment.flatJoinLimit:
                pointers[p.className, default: []].append(.text(p.objectId))
            default: others.append(ValueCondition.equals(a, operand))
            }
        }
        var parts = others
        if !strings.isEmpty { parts.append(SQLFragment("\(a.type) = 'text'").and(.inList(a.value, strings))) }
        if !numbers.isEmpty { parts.append(SQLFragment("\(a.type) IN ('integer', 'real')").and(.inList(a.value, numbers))) }
        for (className, ids) in pointers.sorted(by: { $0.key < $1.key }) {
            parts.append(SQLFragment("\(a.member("className")) = ?", [.text(className)]).and(.inList(a.member("objectId"), ids)))
        }
        return .any(parts)
    }

    /// What `ValueCondition.equals` compares a server column with: an objectId's text, a date's
    /// milliseconds; nil when the operand can never equal it.
    private static func columnKey(_ column: FieldAccess.ServerColumn, _ operand: QueryOperand) -> SQLiteValue? {
        switch column {
        case .objectId:
            guard case .string(let id) = operand else { return nil }
            return .text(id)
        case .createdAt, .updatedAt:
            return operand.milliseconds.map { .integer($0) }
        }
    }

    /// `$in` on a relation field: has one of the Pointers as a member (as `equality` has it).
    func relationMembers(_ operands: [QueryOperand]) -> SQLFragment {
        let ids: [SQLiteValue] = operands.compactMap { operand in
            guard case .pointer(let pointer) = operand else { return nil }
            return .text(pointer.objectId)
        }
        guard !ids.isEmpty else { return .alwaysFalse }
        let targets = SQLFragment.inList("target_id", ids)
        return SQLFragment("id IN (SELECT owner_id FROM relations WHERE owner_class = ? AND key = ? AND \(targets.sql))",
                           [.text(compiler.className), .text(path)] + targets.arguments)
    }

    /// `$all`: MongoDB's `$and` of equalities (a scalar is a one-element array); empty matches
    /// nothing. Repeated values are dropped (the `$and` is the same); a long list of distinct
    /// strings or numbers becomes "the array holds that many of them" (`holdsAll`).
    func containsAll(_ items: [JSON]) throws -> SQLFragment {
        guard !items.isEmpty else { return .alwaysFalse }
        if let column = access.column {
            // One value: it equals them all only when they are one key.
            let keys = items.map { Self.columnKey(column, QueryOperand($0)) }
            guard !keys.contains(nil), Set(keys).count == 1 else { return .alwaysFalse }
            return try equality(items[0])
        }
        var strings = Set<[UInt8]>(), numbers = Set<Double>()
        var stringItems: [JSON] = [], numberItems: [JSON] = [], parts: [SQLFragment] = []
        for item in items {
            switch item {
            // Distinct as SQLite compares them: strings byte for byte, numbers by value.
            case .string(let s): if strings.insert(Array(s.utf8)).inserted { stringItems.append(item) }
            case .number(let n): if numbers.insert(n).inserted { numberItems.append(item) }
            default: parts.append(try equality(item))
            }
        }
        for (distinct, type) in [(stringItems, "= 'text'"), (numberItems, "IN ('integer', 'real')")] where !distinct.isEmpty {
            guard distinct.count > SQLFragment.flatJoinLimit else {
                parts.append(.all(try distinct.map(equality)))
                continue
            }
            parts.append(holdsAll(distinct.map(Self.bound), typeTest: type))
        }
        return .all(parts)
    }

    /// Every one of `values` (distinct, more than one, of the type `typeTest` names) equals an
    /// element: the elements among them, counted without repeats, are as many as they.
    private func holdsAll(_ values: [SQLiteValue], typeTest: String) -> SQLFragment {
        guard let elements = access.elements else { return .alwaysFalse }
        let matching = SQLFragment.inList("e.value", values)
        let count = SQLFragment(
            "(SELECT count(DISTINCT e.value) FROM \(elements) AS e WHERE e.type \(typeTest) AND \(matching.sql)) = ?",
            matching.arguments + [.integer(Int64(values.count))])
        switch kind {
        case .array: return count
        case .nested: return SQLFragment("\(access.type) = 'array'").and(count)
        // One value equals at most one of several distinct values; a relation holds Pointers.
        case .scalar, .date, .relation: return .alwaysFalse
        }
    }

    /// A string or number as `ValueCondition` binds it.
    private static func bound(_ item: JSON) -> SQLiteValue {
        switch item {
        case .string(let text): return .text(text)
        case .number(let n): return QueryOperand.bind(n)
        default: return .null
        }
    }
}
