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
