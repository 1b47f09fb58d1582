import LCWire

/// The stored forms of references (spec §2.7): a file field is `{"__type":"File","objectId":…}`
/// plus the `name`/`url` the client sent (kept as a fallback while no `_File` object exists);
/// a relation field is its read form `{"__type":"Relation","className":…}`, its members live
/// in the `relations` table.
enum StoredReference {
    /// A reference to the `_File` object `objectId`.
    static func file(objectId: String) -> JSON {
        [LCWireKey.type: .string(LCTypeName.file.rawValue), LCWireKey.objectId: .string(objectId)]
    }

    /// The stored form of any File write form: `{"__type":"File","id"}` (docs),
    /// `{"__type":"File","id","name","url"}` (Python SDK), or a full read form sent back;
    /// nil when it names neither an object nor a URL.
    static func file(from object: JSONObject) -> JSON? {
        let objectId = object[LCWireKey.objectId]?.stringValue ?? object[LCWireKey.id]?.stringValue
        let url = object[LCWireKey.url]?.stringValue
        guard objectId.map({ !$0.isEmpty }) ?? (url != nil) else { return nil }
        var stored: JSONObject = [LCWireKey.type: .string(LCTypeName.file.rawValue)]
        if let objectId { stored[LCWireKey.objectId] = .string(objectId) }
        if let name = object[LCWireKey.name]?.stringValue { stored[LCWireKey.name] = .string(name) }
        if let url { stored[LCWireKey.url] = .string(url) }
        return .object(stored)
    }

    /// The `_File` objectId of a stored file reference.
    static func fileObjectId(of value: JSONObject) -> String? {
        guard value[LCWireKey.type]?.stringValue == LCTypeName.file.rawValue else { return nil }
        return value[LCWireKey.objectId]?.stringValue
    }

    /// A relation field's stored and read form.
    static func relation(className: String) -> JSON {
        [LCWireKey.type: .string(LCTypeName.relation.rawValue), LCWireKey.className: .string(className)]
    }

    /// The target class of a relation field's value.
    static func relationClassName(of value: JSON) -> String? {
        guard LCTypeName(of: value) == .relation else { return nil }
        return value[LCWireKey.className]?.stringValue
    }
}
