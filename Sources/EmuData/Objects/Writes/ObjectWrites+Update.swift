import EmuSQLite
import LCWire

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
