import LCWire

/// One parsed `{"__op": …}` (spec §2.8), its operands already validated and normalized.
indirect enum FieldOperation: Equatable, Sendable {
    /// Removes the field.
    case delete
    /// Adds `amount`; Decrement is stored as a negative Increment.
    case increment(Double)
    /// Appends every item.
    case add([JSON])
    /// Appends the items not already present.
    case addUnique([JSON])
    /// Removes every occurrence of each item.
    case remove([JSON])
    /// Adds the pointers (all of one class) to the relation.
    case addRelation([LCPointer])
    /// Removes the pointers from the relation.
    case removeRelation([LCPointer])
    /// A bitwise operation with an integer.
    case bitwise(BitwiseOperator, Int64)
    /// Several operations applied in order (Python SDK, relation add plus remove).
    case batch([FieldOperation])

    /// The operators of BitAnd, BitOr and BitXor.
    enum BitwiseOperator: Sendable {
        case and, or, xor

        func apply(_ lhs: Int64, _ rhs: Int64) -> Int64 {
            switch self {
            case .and: return lhs & rhs
            case .or: return lhs | rhs
            case .xor: return lhs ^ rhs
            }
        }
    }

    /// Whether the operation changes relation members, which only a top-level field can hold.
    var touchesRelation: Bool {
        switch self {
        case .addRelation, .removeRelation: return true
        case .batch(let operations): return operations.contains { $0.touchesRelation }
        default: return false
        }
    }
}

/// A change of relation members an update makes, applied to the `relations` table in the
/// same transaction as the object row.
struct RelationEdit: Equatable, Sendable {
    /// The relation field.
    var key: String
    /// True to add the targets, false to remove them.
    var adds: Bool
    var targets: [LCPointer]
}

// MARK: - Parsing

extension FieldOperation {
    /// The most pointers one relation operation may carry (spec §2.8, §10).
    static let maxRelationObjects = 1000

    /// Parses the operation object written under `key`. A malformed operand is code 1,
    /// malformed relation data 128 (docs/compatibility.md).
    init(json object: JSONObject, key: String) throws {
        guard let name = object[LCWireKey.op]?.stringValue else {
            throw APIError(.invalidOperation(key: key, detail: "'__op' must be a string"))
        }
        guard let operation = LCOperationName(rawValue: name) else {
            throw APIError(.invalidOperation(key: key, detail: "unknown operation '\(name)'"))
        }
        switch operation {
        case .delete: self = .delete
        case .increment: self = .increment(try Self.amount(object, key: key))
        case .decrement: self = .increment(-(try Self.amount(object, key: key)))
        case .add: self = .add(try Self.items(object, key: key))
        case .addUnique: self = .addUnique(try Self.items(object, key: key))
        case .remove: self = .remove(try Self.items(object, key: key))
        case .addRelation: self = .addRelation(try Self.pointers(object))
        case .removeRelation: self = .removeRelation(try Self.pointers(object))
        case .bitAnd: self = .bitwise(.and, try Self.integer(object, key: key))
        case .bitOr: self = .bitwise(.or, try Self.integer(object, key: key))
        case .bitXor: self = .bitwise(.xor, try Self.integer(object, key: key))
        case .batch:
            guard let operations = object[LCWireKey.ops]?.arrayValue else {
                throw APIError(.invalidOperation(key: key, detail: "'ops' must be an array"))
            }
            self = .batch(try operations.map { item in
                guard let inner = item.objectValue else {
                    throw APIError(.invalidOperation(key: key, detail: "every element of 'ops' must be an operation"))
                }
                return try FieldOperation(json: inner, key: key)
            })
        }
    }

    /// `amount`, a finite number; absent means 1, as the SDKs' `increment(key)` does.
    private static func amount(_ object: JSONObject, key: String) throws -> Double {
        guard let value = object[LCWireKey.amount] else { return 1 }
        guard let amount = value.doubleValue, amount.isFinite else {
            throw APIError(.invalidOperation(key: key, detail: "'amount' must be a number"))
        }
        return amount
    }

    /// `objects`, an array of values, normalized like any nested value.
    private static func items(_ object: JSONObject, key: String) throws -> [JSON] {
        guard let items = object[LCWireKey.objects]?.arrayValue else {
            throw APIError(.invalidOperation(key: key, detail: "'objects' must be an array"))
        }
        return try items.map { try TypedValueNormalizer.normalize($0, key: key, topLevel: false) }
    }

    /// `value`, an integer.
    private static func integer(_ object: JSONObject, key: String) throws -> Int64 {
        guard let value = object[LCWireKey.value]?.int64Value else {
            throw APIError(.invalidOperation(key: key, detail: "'value' must be an integer"))
        }
        return value
    }

    /// `objects`: 1…1000 pointers of one class, else 128.
    private static func pointers(_ object: JSONObject) throws -> [LCPointer] {
        guard let items = object[LCWireKey.objects]?.arrayValue,
              (1...maxRelationObjects).contains(items.count) else { throw APIError(.invalidRelationData) }
        let pointers = try items.map { item -> LCPointer in
            guard let className = item[LCWireKey.className]?.stringValue, LCNames.isValidClassName(className),
                  let objectId = item[LCWireKey.objectId]?.stringValue, !objectId.isEmpty,
                  [LCTypeName.pointer, .object].contains(LCTypeName(of: item))
            else { throw APIError(.invalidRelationData) }
            return LCPointer(className: className, objectId: objectId)
        }
        guard Set(pointers.map(\.className)).count == 1 else { throw APIError(.invalidRelationData) }
        return pointers
    }
}
