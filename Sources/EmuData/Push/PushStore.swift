import EmuSQLite
import LCWire

/// Pushes as LCEmu keeps them: each `POST /1.1/push` is a `_Notification` object (an ordinary
/// object, so `/1.1/tables/Notifications` and class queries read it) and a row of
/// `push_schedule` until it fires. Nothing leaves the machine: firing writes the outbox message
/// that says which installations the push reached and why (docs/push.md).
///
/// A push fires when the emulator clock reaches its `push_time` (at once without one), seen by
/// `fireDue`, which the push, outbox, notification and clock routes call: a scheduled push is
/// in the outbox as soon as anyone looks after its time, and never before.
package enum PushStore {
    package static let notificationClass = LCClassName.notification

    /// Records a push and fires it when due; returns its `_Notification`.
    package static func send(_ push: PushRequest, app: AppRuntime) throws -> ObjectRecord {
        let targeting = PushTargeting(channels: push.channels, whereJSON: push.whereJSON, cql: push.cql)
        let (record, scheduled) = try app.database.write { db -> (ObjectRecord, OutboxMessage?) in
            try targeting.check(in: db)
            let now = app.clock.now
            let record = try insertNotification(push, now: now, in: db)
            let dueAt = max(push.pushTime?.millisecondsSince1970 ?? now.millisecondsSince1970, now.millisecondsSince1970)
            try db.execute("INSERT INTO push_schedule (notification_id, due_at) VALUES (?, ?)",
                           [.text(record.objectId), .integer(dueAt)])
            guard dueAt > now.millisecondsSince1970 else { return (record, nil) }
            return (record, PushOutbox.scheduled(record, dueAt: LCDate(millisecondsSince1970: dueAt)))
        }
        if let scheduled { app.outbox.deliver(scheduled) }
        try fireDue(app: app)
        return try app.database.read { db in try ObjectStore.fetch(className: notificationClass, objectId: record.objectId, in: db) } ?? record
    }

    /// Fires every push whose time has come, oldest first; each lands in the outbox.
    package static func fireDue(app: AppRuntime) throws {
        let messages = try app.database.write { db -> [OutboxMessage] in
            let now = app.clock.now
            try rescheduleOrphans(in: db)
            let due = try db.query("SELECT notification_id FROM push_schedule WHERE due_at <= ? ORDER BY due_at, rowid",
                                   [.integer(now.millisecondsSince1970)]).compactMap { $0[0].textValue }
            var messages: [OutboxMessage] = []
            for id in due {
                try db.execute("DELETE FROM push_schedule WHERE notification_id = ?", [.text(id)])
                guard let notification = try ObjectStore.fetch(className: notificationClass, objectId: id, in: db) else { continue }
                // Each push in its own savepoint: one whose query fails on the data of its time (a
                // `$regex` past its budget) is marked failed and never blocks the others.
                do {
                    messages.append(try db.transaction { db in try PushDispatch.fire(notification, now: now, in: db) })
                } catch let error where !(error is SQLiteError) {
                    messages.append(try PushDispatch.fail(notification, error: error, now: now, in: db))
                }
            }
            return messages
        }
        for message in messages { app.outbox.deliver(message) }
    }

    /// A `_Notification` still `scheduled` without its row in `push_schedule` came with objects
    /// alone (`lcemu import` of an export, a file written by hand): it is scheduled again by its
    /// `push_time` (at once without one), so that it fires as it would have, never silently stays.
    private static func rescheduleOrphans(in db: Database) throws {
        try db.execute("""
            INSERT OR IGNORE INTO push_schedule (notification_id, due_at)
            SELECT id, COALESCE(CAST(ROUND((julianday(json_extract(data, '$.push_time')) - 2440587.5) * 86400000) AS INTEGER), 0)
            FROM objects
            WHERE class = '_Notification' AND json_extract(data, '$.status') = 'scheduled'
              AND id NOT IN (SELECT notification_id FROM push_schedule)
            """)
    }

    /// The `_Notification` of a push, `status` `scheduled` until it fires.
    private static func insertNotification(_ push: PushRequest, now: LCDate, in db: Database) throws -> ObjectRecord {
        var fields: JSONObject = ["data": .object(push.data), "prod": .string(push.prod), "status": "scheduled", "devices": 0]
        if let channels = push.channels { fields["channels"] = .array(channels.map(JSON.string)) }
        if let whereJSON = push.whereJSON { fields["where"] = .object(whereJSON) }
        if let cql = push.cql { fields["cql"] = .string(cql) }
        if let pushTime = push.pushTime { fields["push_time"] = .string(pushTime.iso) }
        if let expiration = push.expirationTime { fields["expiration_time"] = .string(expiration.iso) }
        if let interval = push.expirationInterval { fields["expiration_interval"] = JSON(interval) }
        if let expiresAt = push.expiresAt(now: now) { fields["expiresAt"] = .string(expiresAt.iso) }
        if let flowControl = push.flowControl { fields["flow_control"] = flowControl }
        let objectId = ObjectIdGenerator.shared.next(now: now.millisecondsSince1970 / 1000)
        fields["notification_id"] = .string(push.notificationId ?? objectId)
        var schema = try ClassSchema.load(notificationClass, in: db)
        for (key, value) in fields { try schema.fix(key, for: value) }
        let record = ObjectRecord(className: notificationClass, objectId: objectId, createdAt: now, updatedAt: now,
                                  acl: nil, fields: fields)
        try ObjectStore.insert(record, in: db)
        try schema.saveIfChanged(now: now, in: db)
        return record
    }
}

// MARK: - Schema

/// The push tables (migration `push-v1`): the pushes not fired yet, by time; an index for the
/// upsert's device lookups.
enum PushSchema {
    static let tables = ["push_schedule"]

    static func create(in db: Database) throws {
        try db.execute("""
            CREATE TABLE push_schedule (
                rowid INTEGER PRIMARY KEY,
                notification_id TEXT NOT NULL UNIQUE,
                due_at INTEGER NOT NULL
            );
            CREATE INDEX push_schedule_by_due ON push_schedule (due_at);
            CREATE INDEX push_v1_installations_by_token ON objects (json_extract(data, '$.deviceToken'))
                WHERE class = '_Installation';
            CREATE INDEX push_v1_installations_by_id ON objects (json_extract(data, '$.installationId'))
                WHERE class = '_Installation';
            """)
    }
}
