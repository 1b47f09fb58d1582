import EmuSQLite
import LCWire

extension UserWrites {
    /// Updates a user (§5.6): the body is validated like a sign-up's fields, `authData` links
    /// merge (§5.8), a changed email or phone clears its verification flag (§5.2), and the
    /// unique fields and links are re-checked in the same transaction (202/203/214/208).
    /// `access` checks the `update` and `add_fields` class permissions (spec §6.3).
    package static func update(objectId: String, body: JSONObject, condition: WhereMatcher?, app: AppRuntime,
                       access: AccessContext, fetchWhenSave: Bool) throws -> ObjectWrites.Updated {
        let body = UserValidation.writable(body, isMaster: access.isMaster)
        try UserValidation.checkUpdate(body)
        let (rewritten, platforms) = try AuthDataLinks.rewriteForUpdate(body)
        let patch = try UserPassword.prepared(try ObjectPatch(body: rewritten, mode: .update), className: LCClassName.user)
        return try app.database.write { db in
            try access.require(.update, on: LCClassName.user, in: db)
            guard var record = try UserStore.fetch(objectId, in: db) else { throw APIError(.userNotFound) }
            if let condition, !condition.matches(record.json()) { throw APIError(.noEffect) }
            let previous = record
            var schema = try ClassSchema.load(LCClassName.user, in: db)
            let known = schema
            var outcome = try patch.apply(to: &record, schema: &schema)
            try access.checkWritten(&record, previous: previous, touchedKeys: outcome.touchedKeys, known: known,
                                    schema: &schema, in: db)
            for (field, flag) in [(LCFieldName.email, LCFieldName.emailVerified),
                                  (LCFieldName.mobilePhoneNumber, LCFieldName.mobilePhoneVerified)]
            where previous.fields[field] != record.fields[field] && body[flag] == nil {
                record.fields[flag] = false
                if !outcome.touchedKeys.contains(flag) { outcome.touchedKeys.append(flag) }
            }
            record.updatedAt = app.clock.now
            try UserStore.checkUnique(record, in: db)
            try AuthDataLinks.checkNotLinkedElsewhere(record, platforms: platforms, in: db)
            try ObjectStore.update(record, in: db)
            try schema.saveIfChanged(now: record.updatedAt, in: db)
            try ObjectWrites.applyRelationEdits(outcome.relationEdits, to: record, in: db)
            guard fetchWhenSave else { return ObjectWrites.Updated(record: record) }
            let rendered = try ObjectRenderer.wireForm(record, in: db)
            var fields = JSONObject()
            for key in outcome.touchedKeys { if let value = rendered[key] { fields[key] = value } }
            return ObjectWrites.Updated(record: record, changedFields: fields)
        }
    }
}
