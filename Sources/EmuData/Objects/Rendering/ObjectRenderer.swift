import EmuSQLite
import LCWire

/// Turns stored records into response objects: file references resolved from their `_File`
/// objects, `password` never shown, pointers expanded by `include`, the `keys` projection and
/// the `ACL` on request (spec §2.4, §2.7). A record is rendered here; a stored row, the fetch's
/// or a query page's, is written by `appendRow` (ObjectRenderer+Rows.swift), which copies it
/// when rendering would not change it and renders it otherwise.
///
/// ```swift
/// let renderer = try ObjectRenderer(options: RenderOptions(parameter: request.query))
/// let body = try app.database.read { db in try renderer.render(record, in: db) }
/// ```
public struct ObjectRenderer: Sendable {
    /// The projection, includes and ACL flag applied to every record.
    public var options: RenderOptions
    /// Whose request it is: included objects the caller may not fetch (class permission `get`,
    /// ACL) stay bare pointers (spec §3.5). nil renders as master.
    var access: AccessContext?

    /// A renderer with `options`; the default renders every field and no ACL.
    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    package init(options: RenderOptions, access: AccessContext?) {
        self.options = options
        self.access = access
    }

    /// The response form of `record`. Call inside a read or write of the record's database.
    public func render(_ record: ObjectRecord, in db: Database) throws -> JSONObject {
        // Who is looking decides what of a `_User` shows: resolved in this transaction (free
        // without a session token, and kept by the access context for the rest of the request).
        let caller = try access?.caller(in: db)
        var object = redacting(record, try Self.wireForm(record, in: db), caller: caller)
        if options.returnACL {
            object[LCFieldName.acl] = .object(record.acl ?? ACLValidator.classDefault)
        }
        for path in options.include {
            object = try Self.expand(object, at: path.segments[...], in: db, readable: { target in
                try access?.canGet(target, in: db) ?? true
            }, redact: { redacting($0, $1, caller: caller) })
        }
        if let keys = options.keys { object = keys.apply(to: object) }
        return object
    }

    /// `object` without what this caller may not see of `record`, at the top level or included:
    /// spec §5.2, a user's `authData` only for that user and the master key; spec §6.3, the
    /// class's client-invisible fields for every caller but the master key.
    /// `caller` is `access`'s, resolved by the caller of this function inside its transaction.
    func redacting(_ record: ObjectRecord, _ object: JSONObject, caller: Caller?) -> JSONObject {
        guard let access, !access.isMaster else { return object }
        let object = access.fieldPermissions.hidingInvisible(object, of: record.className)
        guard record.className == LCClassName.user else { return object }
        return UserResponse.hidingAuthData(object, of: record.objectId, for: caller ?? Caller(isMaster: access.isMaster))
    }

    /// Fields (files resolved, secrets left out), then `createdAt`, `updatedAt`, `objectId`,
    /// in the order of the documentation's fetch example (spec §2.4).
    package static func wireForm(_ record: ObjectRecord, in db: Database) throws -> JSONObject {
        var object = JSONObject()
        object.reserveCapacity(record.fields.count + 3)
        for (key, value) in record.fields where !hidden(key, in: record.className) {
            object[key] = try resolvingFiles(value, in: db)
        }
        object[LCFieldName.createdAt] = .string(record.createdAt.iso)
        object[LCFieldName.updatedAt] = .string(record.updatedAt.iso)
        object[LCFieldName.objectId] = .string(record.objectId)
        return object
    }

    /// Fields never returned: a user's password (spec §12.5).
    static func hidden(_ key: String, in className: String) -> Bool {
        className == LCClassName.user && (key == LCFieldName.password || UserPassword.isHidden(key))
    }
}

// MARK: - References

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
