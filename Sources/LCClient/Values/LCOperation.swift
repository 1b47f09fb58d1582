import LCWire

/// An atomic update (`{"__op": …}`, spec §2.8), applied by the server to the stored value.
///
/// ```swift
/// post.apply(.increment(1), to: "likes")
/// post.apply(.addRelation([user.pointer]), to: "likedBy")
/// ```
public enum LCOperation: Sendable, LCValueConvertible {
    /// Removes the field.
    case delete
    case increment(Double)
    case decrement(Double)
    /// Appends the items to an array field.
    case add([JSON])
    /// Appends the items not already present.
    case addUnique([JSON])
    /// Removes every occurrence of each item.
    case remove([JSON])
    case addRelation([LCPointer])
    case removeRelation([LCPointer])
    case bitAnd(Int)
    case bitOr(Int)
    case bitXor(Int)
    /// Several operations on one field (the Python SDK's relation add-and-remove).
    case batch([LCOperation])

    /// The `__op` object.
    public var lcJSON: JSON {
        func op(_ name: String, _ extra: [(String, JSON)]) -> JSON {
            .object(JSONObject([(LCWireKey.op, .string(name))] + extra))
        }
        switch self {
        case .delete: return op("Delete", [])
        case .increment(let amount): return op("Increment", [(LCWireKey.amount, .number(amount))])
        case .decrement(let amount): return op("Decrement", [(LCWireKey.amount, .number(amount))])
        case .add(let items): return op("Add", [(LCWireKey.objects, .array(items))])
        case .addUnique(let items): return op("AddUnique", [(LCWireKey.objects, .array(items))])
        case .remove(let items): return op("Remove", [(LCWireKey.objects, .array(items))])
        case .addRelation(let pointers): return op("AddRelation", [(LCWireKey.objects, .array(pointers.map(\.json)))])
        case .removeRelation(let pointers): return op("RemoveRelation", [(LCWireKey.objects, .array(pointers.map(\.json)))])
        case .bitAnd(let value): return op("BitAnd", [(LCWireKey.value, .number(Double(value)))])
        case .bitOr(let value): return op("BitOr", [(LCWireKey.value, .number(Double(value)))])
        case .bitXor(let value): return op("BitXor", [(LCWireKey.value, .number(Double(value)))])
        case .batch(let operations): return op("Batch", [(LCWireKey.ops, .array(operations.map(\.lcJSON)))])
        }
    }
}
