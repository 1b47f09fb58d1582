import LCWire

extension ObjectPatch {
    /// Applies the patch to `record` (fields and ACL), checking every written top-level field
    /// against `schema` and fixing new field types there. Runs inside the write transaction
    /// that read `record`, so operations see the value they change (spec §2.8: atomic).
    func apply(to record: inout ObjectRecord, schema: inout ClassSchema) throws -> Outcome {
        var outcome = Outcome()
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
