import LCWire

/// The outbox messages of pushes: kind `push`, `to` the notification's objectId, `text` the
/// alert, and `push` the account tests read (docs/push.md, "The outbox").
enum PushOutbox {
    static func sent(_ notification: ObjectRecord, deliveries: [JSON], skipped: [JSON]) -> OutboxMessage {
        var account = base(notification, status: "sent")
        account["deliveries"] = .array(deliveries)
        account["skipped"] = .array(skipped)
        return message(notification, account)
    }

    static func scheduled(_ notification: ObjectRecord, dueAt: LCDate) -> OutboxMessage {
        var account = base(notification, status: "scheduled")
        account["reason"] = .string("not yet due: fires when the emulator clock reaches \(dueAt.iso)")
        return message(notification, account)
    }

    static func expired(_ notification: ObjectRecord, at expiresAt: LCDate) -> OutboxMessage {
        var account = base(notification, status: "expired")
        account["reason"] = .string("expired at \(expiresAt.iso), before it was due")
        account["deliveries"] = []
        return message(notification, account)
    }

    static func failed(_ notification: ObjectRecord, error: any Error) -> OutboxMessage {
        var account = base(notification, status: "failed")
        let reason = (error as? APIError)?.code.message ?? String(describing: error)
        account["reason"] = .string("could not select its installations: \(reason)")
        account["deliveries"] = []
        return message(notification, account)
    }

    /// The installation as a delivery or skip names it.
    static func device(_ installation: ObjectRecord) -> JSONObject {
        var device: JSONObject = ["installation": .string(installation.objectId)]
        for key in ["deviceType", "deviceToken", "installationId"] {
            if let value = installation.fields[key] { device[key] = value }
        }
        return device
    }

    private static func base(_ notification: ObjectRecord, status: String) -> JSONObject {
        var account: JSONObject = ["notification": .string(notification.objectId), "status": .string(status)]
        for key in ["notification_id", "prod", "channels", "where", "cql", "push_time", "expiresAt", "data"] {
            if let value = notification.fields[key] { account[key] = value }
        }
        return account
    }

    private static func message(_ notification: ObjectRecord, _ account: JSONObject) -> OutboxMessage {
        OutboxMessage(kind: .push, to: notification.objectId, text: alertText(notification.fields["data"]),
                      purpose: "push", push: .object(account))
    }

    /// The alert as a device would show it: `alert` itself, or its `title` and `body`.
    static func alertText(_ data: JSON?) -> String {
        guard let alert = data?["alert"] ?? data?["ios"]?["alert"] ?? data?["android"]?["alert"] else { return "" }
        if let text = alert.stringValue { return text }
        return [alert["title"]?.stringValue, alert["body"]?.stringValue].compactMap { $0 }.filter { !$0.isEmpty }
            .joined(separator: ": ")
    }
}
