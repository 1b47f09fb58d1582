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

    /// Whether a body key is dropped: a server-managed field (`LCFieldName.serverManaged`) or a
    /// flag SDKs send rather than data (`__ignore_hooks`, `__internalId`, `__children`). Compared
    /// as text: hashing every key of every body into two sets cost ~1,000 instructions a create.
    static func isDropped(_ key: String) -> Bool {
        switch key {
        case LCFieldName.objectId, LCFieldName.createdAt, LCFieldName.updatedAt,
             "__ignore_hooks", "__internalId", "__children":
            return true
        default:
            return false
        }
    }

    /// What applying the patch did, for the response and the relations table.
    struct Outcome: Sendable {
        /// The top-level keys the patch wrote, in body order, without repeats.
        var touchedKeys: [String] = []
        var relationEdits: [RelationEdit] = []
    }
}

// MARK: - Parsing

extension ObjectPatch {
    /// Parses a body. Server-managed fields (`objectId`, `createdAt`, `updatedAt`) are ignored
    /// (docs/compatibility.md); invalid keys are 105, a malformed ACL 123, values are checked
    /// by `TypedValueNormalizer` and operations by `FieldOperation`.
    package init(body: JSONObject, mode: Mode) throws {
        changes.reserveCapacity(body.count)
        for (key, value) in body {
            if Self.isDropped(key) { continue }
            if key == LCFieldName.acl {
                acl = try Self.aclChange(value)
                continue
            }
            let path = try Self.validatedPath(key, mode: mode)
            if let object = value.objectValue, object[LCWireKey.op] != nil {
                let operation = try FieldOperation(json: object, key: key)
                if operation.touchesRelation && path.isNested {
                    throw APIError(.invalidOperation(key: key, detail: "a relation must be a top-level field"))
                }
                changes.append(Change(path: path, action: .operation(operation)))
            } else {
                let normalized = try TypedValueNormalizer.normalize(value, key: key, topLevel: !path.isNested)
                changes.append(Change(path: path, action: .set(normalized)))
            }
        }
    }

    /// A key as a path: a field name (105), or on update a dotted path whose first segment is
    /// a field name and whose other segments are valid nested keys.
    private static func validatedPath(_ key: String, mode: Mode) throws -> FieldPath {
        let path = FieldPath(key)
        let valid: Bool
        if path.isNested {
            valid = mode == .update && LCNames.isValidFieldName(path.head)
                && !LCFieldName.serverManaged.contains(path.head) && path.head != LCFieldName.acl
                && path.segments.dropFirst().allSatisfy { !$0.isEmpty && LCNames.isValidNestedKey($0) }
        } else {
            valid = LCNames.isValidFieldName(key)
        }
        guard valid else { throw APIError(.invalidKeyName(column: key)) }
        return path
    }

    private static func aclChange(_ value: JSON) throws -> ACLChange {
        if value.isNull { return .remove }
        if let object = value.objectValue, object[LCWireKey.op] != nil {
            guard object[LCWireKey.op]?.stringValue == LCOperationName.delete.rawValue else {
                throw APIError(.invalidACL)
            }
            return .remove
        }
        return .set(try ACLValidator.validated(value))
    }
}

// MARK: - Applying

extension ObjectPatch {
    /// Applies the patch to `record` (fields and ACL), checking every written top-level field
    /// against `schema` and fixing new field types there. Runs inside the write transaction
    /// that read `record`, so operations see the value they change (spec §2.8: atomic).
    func apply(to record: inout ObjectRecord, schema: inout ClassSchema) throws -> Outcome {
        var outcome = Outcome()
        outcome.touchedKeys.reserveCapacity(changes.count)
        // A new object's fields: room made once rather than regrown key by key.
        if record.fields.isEmpty { record.fields.reserveCapacity(changes.count) }
        switch acl {
        case .set(let value)?: record.acl = value
        case .remove?: record.acl = nil
        case nil: break
        }
        for change in changes {
            let key = change.path.head
            let current = record.fields[key]
            let updated: JSON?
            if let tail = change.path.tail {
                updated = try Self.update(current, at: tail.segments[...], prefix: key) { inner in
                    try Self.perform(change.action, on: inner, key: change.path.description, edits: &outcome.relationEdits)
                }
            } else {
                updated = try Self.perform(change.action, on: current, key: key, edits: &outcome.relationEdits)
            }
            record.fields[key] = updated
            if let updated { try schema.fix(key, for: updated) }
            if !outcome.touchedKeys.contains(key) { outcome.touchedKeys.append(key) }
        }
        return outcome
    }

    private static func perform(_ action: Action, on current: JSON?, key: String,
                                edits: inout [RelationEdit]) throws -> JSON? {
        switch action {
        case .set(let value): return value
        case .operation(let operation):
            return try OperationApplier.apply(operation, to: current, key: key, edits: &edits)
        }
    }

    /// Rewrites the member at `path` inside `value` (spec §2.5 dot notation). Missing or null
    /// levels become empty objects; any other non-object level is 111. Removing a member that
    /// is not there changes nothing.
    private static func update(_ value: JSON?, at path: ArraySlice<String>, prefix: String,
                               transform: (JSON?) throws -> JSON?) throws -> JSON? {
        guard let head = path.first else { return try transform(value) }
        var object: JSONObject
        switch value {
        case nil, .null?: object = JSONObject()
        case .object(let existing)? where existing[LCWireKey.type] == nil: object = existing
        case let other?:
            let got = FieldType(of: other)?.displayName ?? "Null"
            throw APIError(.invalidType(key: prefix, expected: FieldType.object.displayName, got: got))
        }
        let child = try update(object[head], at: path.dropFirst(), prefix: "\(prefix).\(head)", transform: transform)
        if child == nil && object[head] == nil && (value == nil || value?.isNull == true) { return value }
        object[head] = child
        return .object(object)
    }
}
