import EmuSQLite
import LCWire

/// The three object writes (spec §2.3, §2.5, §2.6). Each runs as one transaction on the app's
/// serial writer: the current row is read, checked against the `where` condition, changed and
/// written back before any other write starts, so operations are atomic under concurrency.
package enum ObjectWrites {
    /// Creates an object; returns it, and its rendered form when `render` is set. `access`
    /// checks the class permissions and the `_Role` rules (docs/access-control.md).
    package static func create(className: String, patch: ObjectPatch, app: AppRuntime, render: Bool,
                       access: AccessContext = .master) throws -> (record: ObjectRecord, rendered: JSONObject?) {
        // Passwords are hashed outside the writer; a bad one is answered after the session
        // check, which reads the session inside the write's own transaction.
        let prepared = Result { try UserPassword.prepared(patch, className: className) }
        return try app.database.write { db in
            try access.requireLiveSession(in: db)
            let patch = try prepared.get()
            try access.require(.create, on: className, in: db)
            let now = app.clock.now
            let objectId = ObjectIdGenerator.shared.next(now: now.millisecondsSince1970 / 1000)
            var record = ObjectRecord(className: className, objectId: objectId, createdAt: now, updatedAt: now,
                                      acl: nil, fields: JSONObject())
            let stored = try ObjectStore.schema(of: className, in: db)
            var schema = ClassSchema(className: className, fields: stored ?? JSONObject())
            let known = schema
            let outcome = try patch.apply(to: &record, schema: &schema)
            try access.checkWritten(&record, previous: nil, touchedKeys: outcome.touchedKeys, known: known,
                                    schema: &schema, in: db)
            try ObjectStore.insert(record, classExists: stored != nil, in: db)
            try schema.saveIfChanged(now: now, in: db)
            try applyRelationEdits(outcome.relationEdits, to: record, in: db)
            return (record, render ? try ObjectRenderer(options: RenderOptions(), access: access).render(record, in: db) : nil)
        }
    }

    static func applyRelationEdits(_ edits: [RelationEdit], to record: ObjectRecord, in db: Database) throws {
        for edit in edits {
            if edit.adds {
                try ObjectStore.addRelationMembers(edit.targets, ownerClass: record.className,
                                                   ownerId: record.objectId, key: edit.key, in: db)
            } else {
                try ObjectStore.removeRelationMembers(edit.targets, ownerClass: record.className,
                                                      ownerId: record.objectId, key: edit.key, in: db)
            }
        }
    }

    /// Deletes an object. An unknown id answers like a deleted one (spec §2.6, lenient) unless
    /// a `condition` was given, which a missing object cannot satisfy (305). `access` checks
    /// class permissions and the object's ACL (docs/access-control.md).
    package static func delete(className: String, objectId: String, condition: WhereMatcher?, app: AppRuntime,
                       access: AccessContext = .master) throws {
        try app.database.write { db in
            try access.requireLiveSession(in: db)
            guard try ObjectStore.classExists(className, in: db) else { throw APIError(.objectNotFound) }
            try access.require(.delete, on: className, in: db)
            let record = try ObjectStore.fetch(className: className, objectId: objectId, in: db)
            if let record { try access.requireWrite(record, in: db) }
            if let condition {
                guard let record, condition.matches(record.json()) else { throw APIError(.noEffect) }
            }
            try ObjectStore.delete(className: className, objectId: objectId, in: db)
        }
    }
}

// MARK: - Update

extension ObjectWrites {
    /// What an update answers: the saved object and, with `fetchWhenSave`, the new values of
    /// the fields the body wrote.
    package struct Updated {
        package var record: ObjectRecord
        package var changedFields: JSONObject?
    }

    /// Updates an object. Unknown class or id → 404/101 naming the id; a `condition` the
    /// current object does not satisfy → 305 (spec §2.5).
    /// `access` checks class permissions, the object's ACL (before the condition, so a denied
    /// caller learns nothing from 305) and the `_Role` rules (docs/access-control.md).
    package static func update(className: String, objectId: String, patch: ObjectPatch, condition: WhereMatcher?,
                       app: AppRuntime, fetchWhenSave: Bool, access: AccessContext = .master) throws -> Updated {
        // As in `create`: hashing outside the writer, the session checked inside it, first.
        let prepared = Result { try UserPassword.prepared(patch, className: className) }
        return try app.database.write { db in
            try access.requireLiveSession(in: db)
            let patch = try prepared.get()
            try access.require(.update, on: className, in: db)
            guard var record = try ObjectStore.fetch(className: className, objectId: objectId, in: db) else {
                throw APIError(.objectNotFoundForUpdate(objectId: objectId, className: className))
            }
            try access.requireWrite(record, in: db)
            if let condition, !condition.matches(record.json()) { throw APIError(.noEffect) }
            let previous = record
            var schema = try ClassSchema.load(className, in: db)
            let known = schema
            let outcome = try patch.apply(to: &record, schema: &schema)
            try access.checkWritten(&record, previous: previous, touchedKeys: outcome.touchedKeys, known: known,
                                    schema: &schema, in: db)
            record.updatedAt = app.clock.now
            try ObjectStore.update(record, in: db)
            try schema.saveIfChanged(now: record.updatedAt, in: db)
            try applyRelationEdits(outcome.relationEdits, to: record, in: db)
            guard fetchWhenSave else { return Updated(record: record) }
            return Updated(record: record, changedFields: try changedFields(record, outcome, patch, access: access, in: db))
        }
    }

    /// The new server values of the written top-level fields (spec §2.5: `fetchWhenSave`
    /// returns the updated fields only); removed fields are left out, and so are the fields the
    /// caller may not see (an `Increment` of an invisible field must not reveal its total).
    private static func changedFields(_ record: ObjectRecord, _ outcome: ObjectPatch.Outcome, _ patch: ObjectPatch,
                                      access: AccessContext, in db: Database) throws -> JSONObject {
        let rendered = ObjectRenderer(options: RenderOptions(), access: access).redacting(
            record, try ObjectRenderer.wireForm(record, in: db), caller: try access.caller(in: db))
        var fields = JSONObject()
        for key in outcome.touchedKeys {
            if let value = rendered[key] { fields[key] = value }
        }
        if case .set(let acl)? = patch.acl { fields[LCFieldName.acl] = .object(acl) }
        return fields
    }
}
