import LCWire

extension ObjectPatch {
    /// Parses a body. Server-managed fields (`objectId`, `createdAt`, `updatedAt`) are ignored
    /// (docs/compatibility.md); invalid keys are 105, a malformed ACL 123, values are checked
    /// by `TypedValueNormalizer` and operations by `FieldOperation`.
    package init(body: JSONObject, mode: Mode) throws {
        for (key, value) in body {
            if LCFieldName.serverManaged.contains(key) || Self.ignoredFlags.contains(key) { continue }
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
