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
