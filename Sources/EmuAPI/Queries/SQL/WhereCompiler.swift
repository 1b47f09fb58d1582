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
    /// The caller's ACL condition: inner queries see only objects the caller may read (§6.2).
    let readFilter: SQLFragment?
    private let depth: Int

    /// True when the caller reads every object (no read filter: the master key, or an internal
    /// query): only then may conditions test a `_User`'s `authData`.
    var seesSecrets: Bool { readFilter == nil }

    init(className: String, schema: QuerySchema, depth: Int = 0, readFilter: SQLFragment? = nil,
         schemaOf: @escaping (String) throws -> QuerySchema) {
        self.className = className
        self.schema = schema
        self.depth = depth
        self.readFilter = readFilter
        self.schemaOf = schemaOf
    }

    /// The condition for a whole `where`: an object, or a top-level array meaning `$and` (§3.1).
    func compile(_ where: JSON) throws -> SQLFragment {
        switch `where` {
        case .object(let object): return try compile(object)
        case .array(let items): return .all(try items.map { try compile($0) })
        default: throw QueryError.invalid("where must be an object or an array")
        }
    }

    func compile(_ object: JSONObject) throws -> SQLFragment {
        var parts: [SQLFragment] = []
        for (key, value) in object {
            switch key {
            case "$or": parts.append(.any(try clauses(of: value, key)))
            case "$and": parts.append(.all(try clauses(of: value, key)))
            case "$relatedTo": parts.append(try relatedTo(value))
            default:
                guard !key.hasPrefix("$") else { throw QueryError.invalid("unknown operator \(key)") }
                parts.append(try field(key, value))
            }
        }
        return .all(parts)
    }

    private func clauses(of value: JSON, _ key: String) throws -> [SQLFragment] {
        guard let items = value.arrayValue else { throw QueryError.invalid("\(key) needs an array of conditions") }
        return try items.map {
            guard let object = $0.objectValue else { throw QueryError.invalid("\(key) needs an array of conditions") }
            return try compile(object)
        }
    }

    /// One field's constraint: a value (equality) or an object of `$` operators.
    private func field(_ path: String, _ value: JSON) throws -> SQLFragment {
        let access = try FieldAccess.field(path, in: className, seesSecrets: seesSecrets)
        let kind = schema.kind(of: path)
        noteIndexable(access, kind, value)
        guard let operators = value.objectValue, operators.keys.contains(where: { $0.hasPrefix("$") }) else {
            return try equality(access, kind, path, QueryOperand(value))
        }
        guard operators.keys.allSatisfy({ $0.hasPrefix("$") }) else {
            throw QueryError.invalid("\(path) mixes operators and plain keys")
        }
        return try FieldOperators(compiler: self, access: access, kind: kind, path: path, operators: operators).compile()
    }

    /// `field == value`; on an array field, "contains"; on a relation field, "has as member" (§3.2).
    func equality(_ access: FieldAccess, _ kind: QuerySchema.FieldKind, _ path: String, _ operand: QueryOperand) throws -> SQLFragment {
        switch kind {
        case .array:
            if case .json(let json) = operand, json.arrayValue != nil { return ValueCondition.equals(access, operand) }
            return anyElement(access) { ValueCondition.equals($0, operand) }
        case .relation:
            guard case .pointer(let pointer) = operand else { return .alwaysFalse }
            return SQLFragment(
                "id IN (SELECT owner_id FROM relations WHERE owner_class = ? AND key = ? AND target_id = ?)",
                [.text(className), .text(path), .text(pointer.objectId)])
        case .scalar, .date:
            return ValueCondition.equals(access, operand)
        }
    }

    /// True when some element of the array at `access` satisfies `condition`.
    func anyElement(_ access: FieldAccess, _ condition: (FieldAccess) throws -> SQLFragment) rethrows -> SQLFragment {
        guard let elements = access.elements else { return try condition(access) }
        let inner = try condition(.element)
        return SQLFragment("EXISTS (SELECT 1 FROM \(elements) AS e WHERE \(inner.sql))", inner.arguments)
    }

    /// Remembers the index key that would serve this field's condition, when the query can use one.
    private func noteIndexable(_ access: FieldAccess, _ kind: QuerySchema.FieldKind, _ value: JSON) {
        guard depth == 0, access.column == nil, access.elements != nil, kind != .array else { return }
        switch QueryOperand(value) {
        case .pointer: indexKeys.append(access.indexKey(as: .pointer))
        case .date: indexKeys.append(access.indexKey(as: .date))
        case .json(let json) where json.objectValue != nil:
            // Operators: dates compare by their iso member, everything else by value.
            indexKeys.append(access.indexKey(as: kind == .date ? .date : .value))
        default: indexKeys.append(access.indexKey(as: .value))
        }
    }

    /// How deep inner queries nest. SQLite's parser stack (100 entries in the system library)
    /// overflows at 6 levels once the ACL read filter is added; 5 works for every caller.
    static let maxInnerDepth = 5

    /// A compiler for an inner query on another class (`$inQuery`, `$select`, …).
    func inner(className: String) throws -> WhereCompiler {
        guard depth < Self.maxInnerDepth else {
            throw QueryError.invalid("inner queries nest more than \(Self.maxInnerDepth) deep")
        }
        return WhereCompiler(className: className, schema: try schemaOf(className), depth: depth + 1,
                             readFilter: readFilter, schemaOf: schemaOf)
    }

    func setNearOrder(_ order: SQLFragment) throws {
        guard nearOrder == nil else { throw QueryError.invalid("only one $nearSphere per query") }
        nearOrder = order
    }

    /// `{"$relatedTo":{"object":<Pointer>,"key":"field"}}`: members of the owner's relation.
    private func relatedTo(_ value: JSON) throws -> SQLFragment {
        guard let object = value.objectValue, let owner = object["object"].flatMap(LCPointer.init(json:)),
              let key = object["key"]?.stringValue else {
            throw QueryError.invalid("$relatedTo needs {\"object\":<Pointer>,\"key\":<field>}")
        }
        return SQLFragment(
            "id IN (SELECT target_id FROM relations WHERE owner_class = ? AND owner_id = ? AND key = ?)",
            [.text(owner.className), .text(owner.objectId), .text(key)])
    }
}
