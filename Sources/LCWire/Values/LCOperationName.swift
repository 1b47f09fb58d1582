/// The `__op` names of LeanCloud's atomic update operators (spec §2.8).
///
/// ```swift
/// let body: JSON = ["likes": [LCWireKey.op: .string(LCOperationName.increment.rawValue), "amount": 1]]
/// ```
public enum LCOperationName: String, CaseIterable, Sendable {
    /// Removes the field.
    case delete = "Delete"
    /// Adds `amount` (a missing field counts as 0).
    case increment = "Increment"
    /// Subtracts `amount`.
    case decrement = "Decrement"
    /// Appends every item of `objects`.
    case add = "Add"
    /// Appends the items of `objects` not already present.
    case addUnique = "AddUnique"
    /// Removes every occurrence of each item of `objects`.
    case remove = "Remove"
    /// Adds the pointers in `objects` to a relation.
    case addRelation = "AddRelation"
    /// Removes the pointers in `objects` from a relation.
    case removeRelation = "RemoveRelation"
    /// Bitwise AND with the integer `value`.
    case bitAnd = "BitAnd"
    /// Bitwise OR with the integer `value`.
    case bitOr = "BitOr"
    /// Bitwise XOR with the integer `value`.
    case bitXor = "BitXor"
    /// Several operations in `ops`, sent by the Python SDK to add and remove relation members at once.
    case batch = "Batch"

    /// The operator of `value` when it is an object carrying a known `__op`.
    public init?(of value: JSON) {
        guard let name = value[LCWireKey.op]?.stringValue else { return nil }
        self.init(rawValue: name)
    }
}
