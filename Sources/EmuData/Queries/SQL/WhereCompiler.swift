import EmuSQLite
import LCWire

/// Translates a LeanCloud `where` (§3.2) into an SQL condition over the `objects` table, so that
/// SQLite filters (with indexes) instead of the emulator loading a class into memory.
final class WhereCompiler {
    let className: String
    let schema: QuerySchema
    /// Schemas of other classes, for inner queries.
    let schemaOf: (String) throws -> QuerySchema
    /// Set by `$nearSphere`: the distance expression results are ordered by.
    private(set) var nearOrder: SQLFragment?
    /// Index keys (`FieldAccess.indexKey`) of the top-level fields compared by equality or range.
    private(set) var indexKeys: [String] = []
    /// What the caller may reach (§6): inner queries' classes and objects, tested fields.
    let scope: QueryScope
    private let depth: Int

    /// The caller's ACL condition: inner queries see only objects the caller may read (§6.2).
    var readFilter: SQLFragment? { scope.readFilter }

    init(className: String, schema: QuerySchema, depth: Int = 0, scope: QueryScope,
         schemaOf: @escaping (String) throws -> QuerySchema) {
        self.className = className
        self.schema = schema
        self.depth = depth
        self.scope = scope
        self.schemaOf = schemaOf
    }

    /// The condition for a whole `where` (parsed here by `WhereParser`, which refuses bad input).
    func compile(_ where: JSON) throws -> SQLFragment {
        try compile(try WhereParser.parse(`where`, depth: depth))
    }

    func compile(_ clause: WhereClause) throws -> SQLFragment {
        switch clause {
        case .all(let parts): return .all(try WhereClause.mergingEqualities(parts, into: FieldTest.containsAll).map { try compile($0) })
        case .any(let parts): return .any(try WhereClause.mergingEqualities(parts, into: FieldTest.isIn).map { try compile($0) })
        case .relatedTo(let owner, let key):
            let members = SQLFragment(
                "id IN (SELECT target_id FROM relations WHERE owner_class = ? AND owner_id = ? AND key = ?)",
                [.text(owner.className), .text(owner.objectId), .text(key)])
            guard let ownerReadable = try scope.ownerCondition(className: owner.className, objectId: owner.objectId)
            else { return members }
            return .all([members, ownerReadable])
        case .field(let path, let tests):
            let access = try FieldAccess.field(path, in: className, scope: scope)
            let kind = schema.kind(of: path)
            noteIndexable(access, kind, tests)
            let operators = FieldOperators(compiler: self, access: access, kind: kind, path: path)
            return .all(try tests.map(operators.compile))
        }
    }

    /// `field == value` as MongoDB has it: on an array field, "is this array or contains an element
    /// equal to it" (`null` also matches a missing field); on a relation field, "has as member"
    /// (§3.2); otherwise type-aware equality, which an index serves.
    func equality(_ access: FieldAccess, _ kind: QuerySchema.FieldKind, _ path: String, _ operand: QueryOperand) throws -> SQLFragment {
        switch kind {
        case .array:
            let contains = anyElement(access) { ValueCondition.equals($0, operand) }
            switch operand {
            case .null, .json(.array): return .any([ValueCondition.equals(access, operand), contains])
            default: return contains
            }
        case .nested:
            return valueOrElements(access, kind) { ValueCondition.equals($0, operand) }
        case .relation:
            guard case .pointer(let pointer) = operand else { return .alwaysFalse }
            return SQLFragment(
                "id IN (SELECT owner_id FROM relations WHERE owner_class = ? AND key = ? AND target_id = ?)",
                [.text(className), .text(path), .text(pointer.objectId)])
        case .scalar, .date:
            return ValueCondition.equals(access, operand)
        }
    }

    /// True when the value at `access` satisfies `condition` — or, on an array field, some
    /// element does; on a nested path, the value or (when it is an array) some element does.
    func valueOrElements(_ access: FieldAccess, _ kind: QuerySchema.FieldKind,
                         _ condition: (FieldAccess) throws -> SQLFragment) rethrows -> SQLFragment {
        switch kind {
        case .array: return try anyElement(access, condition)
        case .nested:
            let elements = SQLFragment("\(access.type) = 'array'").and(try anyElement(access, condition))
            return .any([try condition(.scalar(access)), elements])
        case .scalar, .date, .relation: return try condition(.scalar(access))
        }
    }

    /// True when some element of the array at `access` satisfies `condition`.
    func anyElement(_ access: FieldAccess, _ condition: (FieldAccess) throws -> SQLFragment) rethrows -> SQLFragment {
        guard let elements = access.elements else { return try condition(access) }
        let inner = try condition(.element)
        return SQLFragment("EXISTS (SELECT 1 FROM \(elements) AS e WHERE \(inner.sql))", inner.arguments)
    }

    /// Remembers the index key that would serve this field's condition, when the query can use one.
    private func noteIndexable(_ access: FieldAccess, _ kind: QuerySchema.FieldKind, _ tests: [FieldTest]) {
        guard depth == 0, access.column == nil, access.elements != nil, kind != .array, kind != .nested else { return }
        guard tests.count == 1, case .equals(let value) = tests[0] else {
            // Operators: dates compare by their iso member, everything else by value.
            indexKeys.append(access.indexKey(as: kind == .date ? .date : .value))
            return
        }
        switch QueryOperand(value) {
        case .pointer: indexKeys.append(access.indexKey(as: .pointer))
        case .date: indexKeys.append(access.indexKey(as: .date))
        case .json(let json) where json.objectValue != nil: indexKeys.append(access.indexKey(as: kind == .date ? .date : .value))
        default: indexKeys.append(access.indexKey(as: .value))
        }
    }

    /// A compiler for an inner query on another class (`$inQuery`, `$select`, …), which the
    /// caller must be allowed to query (`find`); `WhereParser` already refused nesting deeper
    /// than `WhereParser.maxInnerDepth`.
    func inner(className: String) throws -> WhereCompiler {
        try scope.requireFind(className)
        return WhereCompiler(className: className, schema: try schemaOf(className), depth: depth + 1,
                             scope: scope, schemaOf: schemaOf)
    }

    func setNearOrder(_ order: SQLFragment) throws {
        guard nearOrder == nil else { throw QueryError.invalid("only one $nearSphere per query") }
        nearOrder = order
    }
}

// MARK: - InnerQueries

/// `$inQuery`/`$notInQuery` and `$select`/`$dontSelect`: conditions that run a query on another
/// class (§3.2), with that query's own where, order, skip and limit (default 100, max 1000, §3.3).
enum InnerQueries {
    /// The pointer at `access` points to an object the inner query returns.
    static func inQuery(_ compiler: WhereCompiler, _ access: FieldAccess, _ kind: QuerySchema.FieldKind,
                        _ query: InnerQuery) throws -> SQLFragment {
        let ids = try select(column: "id", query, compiler)
        return compiler.valueOrElements(access, kind) { a in
            SQLFragment("\(a.member("className")) = ? AND \(a.member("objectId")) IN (\(ids.sql))",
                        [.text(query.className)] + ids.arguments)
        }
    }

    /// The value at `access` equals the `key` field of some result of the inner query.
    static func select(_ compiler: WhereCompiler, _ access: FieldAccess, _ kind: QuerySchema.FieldKind,
                       _ query: InnerQuery, key: String) throws -> SQLFragment {
        let column = try FieldAccess.field(key, in: query.className, scope: compiler.scope).value
        let values = try select(column: column, query, compiler)
        return compiler.valueOrElements(access, kind) { a in
            SQLFragment("\(a.value) IN (\(values.sql))", values.arguments)
        }
    }

    /// `SELECT <column> FROM objects WHERE class = 'C' AND <where> ORDER … LIMIT … OFFSET …`, the
    /// class written as the page's is (`QueryPlan.classTest`).
    private static func select(column: String, _ query: InnerQuery, _ compiler: WhereCompiler) throws -> SQLFragment {
        let inner = try compiler.inner(className: query.className)
        var condition = try query.condition.map { try inner.compile($0) } ?? .alwaysTrue
        if let readFilter = inner.readFilter { condition = .all([condition, readFilter]) }
        let order = try OrderCompiler.compile(query.order, of: query.className, scope: inner.scope,
                                              schema: inner.schema, near: inner.nearOrder).orderBy
        let classTest = QueryPlan.classTest(query.className)
        return SQLFragment(
            "SELECT \(column) FROM objects WHERE \(classTest.sql) AND (\(condition.sql))\(order.sql) LIMIT ? OFFSET ?",
            classTest.arguments + condition.arguments + order.arguments
                + [.integer(Int64(query.limit)), .integer(Int64(query.skip))])
    }
}
