import LCWire

/// A create or update body, parsed and validated before anything is read or written: the
/// fields to set or operate on, in body order, and the ACL change (spec §2.3, §2.5).
package struct ObjectPatch: Sendable {
    /// Dot-path keys address nested members on update only (spec §2.3).
    package enum Mode: Sendable { case create, update }

    /// What happens to one key.
    enum Action: Sendable {
        /// Store this (normalized) value.
        case set(JSON)
        /// Apply this operation to the current value.
        case operation(FieldOperation)
    }

    /// One key of the body.
    struct Change: Sendable {
        let path: FieldPath
        let action: Action
    }

    /// What happens to the object's ACL.
    enum ACLChange: Sendable {
        case set(JSONObject)
        /// Back to the class default (`"ACL": null` or a Delete).
        case remove
    }

    var changes: [Change] = []
    var acl: ACLChange?

    /// Body keys SDKs send as flags rather than data; LCEmu has no hooks, so they are dropped.
    static let ignoredFlags: Set<String> = ["__ignore_hooks", "__internalId", "__children"]

    /// What applying the patch did, for the response and the relations table.
    struct Outcome: Sendable {
        /// The top-level keys the patch wrote, in body order, without repeats.
        var touchedKeys: [String] = []
        var relationEdits: [RelationEdit] = []
    }
}
