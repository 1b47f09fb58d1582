import EmuCrypto
import EmuSQLite
import LCWire

/// The writes of `_User` rows. Like `ObjectWrites`, each runs as one transaction on the app's
/// serial writer; the uniqueness of username, email and phone is checked inside it (spec §5.2),
/// so parallel sign-ups of one name cannot both succeed. ACLs play no part: users are written
/// only by themselves or the master key (§5.6), checked by the handlers.
package enum UserWrites {
    /// A new user from the fields of a sign-up body (already validated) and its first session.
    /// `access` checks the `create` and `add_fields` class permissions (spec §6.3).
    package static func create(fields body: JSONObject, app: AppRuntime, access: AccessContext) throws
        -> (record: ObjectRecord, token: String) {
        var body = UserValidation.writable(body, isMaster: access.isMaster)
        // §5.2: the verification flags start false.
        for flag in [LCFieldName.emailVerified, LCFieldName.mobilePhoneVerified] where body[flag] == nil {
            body[flag] = false
        }
        let patch = try UserPassword.prepared(try ObjectPatch(body: body, mode: .create), className: LCClassName.user)
        return try app.database.write { db in
            try access.require(.create, on: LCClassName.user, in: db)
            let now = app.clock.now
            let objectId = ObjectIdGenerator.shared.next(now: now.millisecondsSince1970 / 1000)
            var record = ObjectRecord(className: LCClassName.user, objectId: objectId, createdAt: now,
                                      updatedAt: now, acl: nil, fields: JSONObject())
            var schema = try ClassSchema.load(LCClassName.user, in: db)
            let known = schema
            let outcome = try patch.apply(to: &record, schema: &schema)
            try access.checkWritten(&record, previous: nil, touchedKeys: outcome.touchedKeys, known: known,
                                    schema: &schema, in: db)
            try UserStore.checkUnique(record, in: db)
            try ObjectStore.insert(record, in: db)
            try schema.saveIfChanged(now: now, in: db)
            try ObjectWrites.applyRelationEdits(outcome.relationEdits, to: record, in: db)
            let token = try SessionStore.replaceToken(userId: objectId, now: now.millisecondsSince1970,
                                                      lifetime: app.sessionLifetimeMilliseconds, in: db)
            return (record, token)
        }
    }

    /// Deletes a user, its session and its log-in failures (§5.6). Unknown → 211; a `condition`
    /// the user does not satisfy → 305. `access` checks the `delete` class permission (§6.3).
    package static func delete(objectId: String, condition: WhereMatcher?, app: AppRuntime, access: AccessContext) throws {
        try app.database.write { db in
            try access.require(.delete, on: LCClassName.user, in: db)
            guard let record = try UserStore.fetch(objectId, in: db) else { throw APIError(.userNotFound) }
            if let condition, !condition.matches(record.json()) { throw APIError(.noEffect) }
            try ObjectStore.delete(className: LCClassName.user, objectId: objectId, in: db)
            try SessionStore.revoke(userId: objectId, in: db)
            try LoginThrottle.clear(userId: objectId, in: db)
        }
    }

    /// A random user name for users created from `authData`: 25 of `[0-9a-z]` (§5.8).
    package static func randomUsername() -> String {
        SecureRandom.string(length: SessionToken.length, alphabet: SessionToken.alphabet)
    }
}

// MARK: - Update

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
