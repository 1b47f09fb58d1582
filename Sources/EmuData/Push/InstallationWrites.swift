import EmuSQLite
import LCWire

/// `POST /1.1/installations`: an upsert (LeanCloud's push REST guide). A body whose
/// `deviceToken` (iOS), or else `installationId` (Android), names an installation already saved
/// updates that one; otherwise a new one is created. The lookup and the write are one
/// transaction on the app's serial writer, so two saves of one device never make two rows.
package enum InstallationWrites {
    /// What a save did: the installation as stored, and whether it is new.
    package struct Saved {
        package var record: ObjectRecord
        package var created: Bool
    }

    package static func save(body: JSONObject, app: AppRuntime, access: AccessContext) throws -> Saved {
        try InstallationRules.check(body, creating: true)
        let patch = try ObjectPatch(body: body, mode: .create)
        let className = LCClassName.installation
        return try app.database.write { db in
            try access.requireLiveSession(in: db)
            let existing = try existingId(for: body, in: db).flatMap {
                try ObjectStore.fetch(className: className, objectId: $0, in: db)
            }
            let now = app.clock.now
            var record: ObjectRecord
            if let existing {
                try access.require(.update, on: className, in: db)
                try access.requireWrite(existing, in: db)
                record = existing
            } else {
                try access.require(.create, on: className, in: db)
                record = ObjectRecord(className: className, objectId: ObjectIdGenerator.shared.next(now: now.millisecondsSince1970 / 1000),
                                      createdAt: now, updatedAt: now, acl: nil, fields: JSONObject())
            }
            let stored = try ObjectStore.schema(of: className, in: db)
            var schema = ClassSchema(className: className, fields: stored ?? JSONObject())
            let known = schema
            let outcome = try patch.apply(to: &record, schema: &schema)
            try access.checkWritten(&record, previous: existing, touchedKeys: outcome.touchedKeys, known: known,
                                    schema: &schema, in: db)
            if existing != nil {
                record.updatedAt = now
                try ObjectStore.update(record, in: db)
            } else {
                try ObjectStore.insert(record, classExists: stored != nil, in: db)
            }
            try schema.saveIfChanged(now: now, in: db)
            try ObjectWrites.applyRelationEdits(outcome.relationEdits, to: record, in: db)
            return Saved(record: record, created: existing == nil)
        }
    }

    /// The installation this body names: by `deviceToken` first, then by `installationId`, the
    /// oldest when several hold the value; each a lookup on its index of `installation_keys`.
    static func existingId(for body: JSONObject, in db: Database) throws -> String? {
        for key in ["deviceToken", "installationId"] {
            guard let value = body[key]?.stringValue else { continue }
            let sql = ObjectKeys.installation.lookupSQL(field: key)
            if let id = try db.query(sql, [.text(value)]).first?[0].textValue { return id }
        }
        return nil
    }
}
