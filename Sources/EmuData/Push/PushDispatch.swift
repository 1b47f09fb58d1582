import EmuSQLite
import LCWire

/// Fires one push: finds its installations, chooses each one's platform data, counts an iOS
/// `"badge": "Increment"` on the installation, and marks the `_Notification` done (or expired,
/// or failed).
/// Runs inside the write that took the push off the schedule.
enum PushDispatch {
    static func fire(_ notification: ObjectRecord, now: LCDate, in db: Database) throws -> OutboxMessage {
        var notification = notification
        let fields = notification.fields
        if let expiresAt = fields["expiresAt"]?.stringValue.flatMap(LCDate.init(iso:)), expiresAt < now {
            notification.fields["status"] = "expired"
            try save(&notification, now: now, in: db)
            return PushOutbox.expired(notification, at: expiresAt)
        }
        let targeting = PushTargeting(channels: fields["channels"]?.arrayValue?.compactMap(\.stringValue),
                                      whereJSON: fields["where"]?.objectValue, cql: fields["cql"]?.stringValue)
        let data = fields["data"]?.objectValue ?? JSONObject()
        let prod = fields["prod"]?.stringValue ?? "prod"
        var deliveries: [JSON] = []
        var skipped: [JSON] = []
        for installation in try targeting.installations(in: db) {
            let deviceType = installation.fields["deviceType"]?.stringValue ?? ""
            var device = PushOutbox.device(installation)
            guard let (chosen, source) = PlatformData.chosen(from: data, deviceType: deviceType) else {
                device["reason"] = .string("data has no \(deviceType) key and no common keys")
                skipped.append(.object(device))
                continue
            }
            var payload = chosen
            if deviceType == "ios", payload["badge"]?.stringValue == "Increment" {
                payload["badge"] = JSON(try incrementBadge(of: installation, now: now, in: db))
            }
            device["reasons"] = .array(targeting.reasons(for: installation).map(JSON.string))
            device["dataFrom"] = .string(source)
            device["data"] = .object(payload)
            if deviceType == "ios" { device["prod"] = .string(prod) }
            deliveries.append(.object(device))
        }
        notification.fields["status"] = "done"
        notification.fields["devices"] = JSON(deliveries.count)
        try save(&notification, now: now, in: db)
        return PushOutbox.sent(notification, deliveries: deliveries, skipped: skipped)
    }

    /// Marks a push that could not fire `failed`, with the error its outbox message shows.
    static func fail(_ notification: ObjectRecord, error: any Error, now: LCDate, in db: Database) throws -> OutboxMessage {
        var notification = notification
        notification.fields["status"] = "failed"
        try save(&notification, now: now, in: db)
        return PushOutbox.failed(notification, error: error)
    }

    /// Adds one to the installation's `badge` (absent = 0) and returns the new count.
    private static func incrementBadge(of installation: ObjectRecord, now: LCDate, in db: Database) throws -> Int64 {
        var record = installation
        let badge = (record.fields["badge"]?.int64Value ?? 0) + 1
        record.fields["badge"] = JSON(badge)
        record.updatedAt = now
        var schema = try ClassSchema.load(record.className, in: db)
        try schema.fix("badge", for: JSON(badge))
        try ObjectStore.update(record, in: db)
        try schema.saveIfChanged(now: now, in: db)
        return badge
    }

    private static func save(_ notification: inout ObjectRecord, now: LCDate, in db: Database) throws {
        notification.updatedAt = now
        try ObjectStore.update(notification, in: db)
    }
}
