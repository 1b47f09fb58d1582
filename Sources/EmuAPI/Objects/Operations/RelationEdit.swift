import LCWire

/// A change of relation members an update makes, applied to the `relations` table in the
/// same transaction as the object row.
struct RelationEdit: Equatable, Sendable {
    /// The relation field.
    var key: String
    /// True to add the targets, false to remove them.
    var adds: Bool
    var targets: [LCPointer]
}
