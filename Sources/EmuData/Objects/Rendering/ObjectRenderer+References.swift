import EmuSQLite
import LCWire

extension ObjectRenderer {
    /// Expands the pointers at `path` (spec §2.7): the value keeps `"__type":"Pointer"`,
    /// `className` and `objectId` and gains every field of the target. Arrays of pointers
    /// expand element by element; embedded objects are walked through; a pointer whose target
    /// is gone, or that `readable` refuses (what a fetch of it would check: the class permission
    /// `get` and the ACL, `AccessContext.canGet`), stays bare.
    /// `redact` removes what the caller may not see from a target's fields (a `_User`'s
    /// `authData`), as for the same object fetched at the top level.
    static func expand(_ object: JSONObject, at path: ArraySlice<String>, in db: Database,
                       readable: (ObjectRecord) throws -> Bool = { _ in true },
                       redact: (ObjectRecord, JSONObject) -> JSONObject = { $1 }) throws -> JSONObject {
        guard let head = path.first, let value = object[head] else { return object }
        var result = object
        result[head] = try expand(value, rest: path.dropFirst(), in: db, readable: readable, redact: redact)
        return result
    }

    private static func expand(_ value: JSON, rest: ArraySlice<String>, in db: Database,
                               readable: (ObjectRecord) throws -> Bool,
                               redact: (ObjectRecord, JSONObject) -> JSONObject) throws -> JSON {
        switch value {
        case .array(let items):
            return .array(try items.map { try expand($0, rest: rest, in: db, readable: readable, redact: redact) })
        case .object(var object):
            if LCTypeName(of: value) == .pointer, object.count == 3, let pointer = LCPointer(json: value) {
                guard let target = try ObjectStore.fetch(className: pointer.className, objectId: pointer.objectId, in: db),
                      try readable(target)
                else { return value }
                object = pointer.json.objectValue ?? object
                for (key, member) in redact(target, try wireForm(target, in: db)) { object[key] = member }
            } else if object[LCWireKey.type] != nil && LCTypeName(of: value) != .pointer {
                return value
            }
            return .object(try expand(object, at: rest, in: db, readable: readable, redact: redact))
        default:
            return value
        }
    }

    /// `value` with every file reference replaced by its `_File` object's read form,
    /// `{"__type":"File","objectId",…fields…,"createdAt","updatedAt"}`; a reference whose
    /// `_File` object does not exist is returned as stored.
    static func resolvingFiles(_ value: JSON, in db: Database) throws -> JSON {
        switch value {
        case .array(let items):
            return .array(try items.map { try resolvingFiles($0, in: db) })
        case .object(let object):
            if let objectId = StoredReference.fileObjectId(of: object) {
                guard let file = try ObjectStore.fetch(className: LCClassName.file, objectId: objectId, in: db)
                else { return value }
                var resolved: JSONObject = [LCWireKey.type: .string(LCTypeName.file.rawValue)]
                resolved[LCWireKey.objectId] = .string(objectId)
                for (key, member) in file.fields { resolved[key] = member }
                resolved[LCFieldName.createdAt] = .string(file.createdAt.iso)
                resolved[LCFieldName.updatedAt] = .string(file.updatedAt.iso)
                return .object(resolved)
            }
            if object[LCWireKey.type] != nil { return value }
            var resolved = JSONObject()
            for (key, member) in object { resolved[key] = try resolvingFiles(member, in: db) }
            return .object(resolved)
        default:
            return value
        }
    }
}
