import LCClient
import LCWire

extension Emulator.Outbox {
    /// One push as the outbox accounts for it (docs/push.md, "The outbox").
    public struct Push: Sendable, Equatable {
        /// The `_Notification` objectId (`POST /1.1/push` answered it).
        public var notification: String
        /// `sent`, `scheduled` (not yet due), `expired` or `failed`.
        public var status: String
        /// The alert text, as a device would show it.
        public var text: String
        public var deliveries: [Delivery]
        /// Installations the push selected but had no data for (`reason` says why).
        public var skipped: [JSON]
    }

    /// One installation a push reached: which, why (`reasons`) and what it received (`data`).
    public struct Delivery: Sendable, Equatable {
        public var installation: String
        public var deviceType: String
        public var deviceToken: String?
        public var installationId: String?
        /// `channel "news"`, `where`, `cql` or `every installation`.
        public var reasons: [String]
        /// The data chosen for the platform (`badge: "Increment"` already counted).
        public var data: JSON
        /// `dev` or `prod`, for iOS deliveries.
        public var prod: String?
    }

    /// Every push message in the outbox, newest first: a scheduled push has a `scheduled` message
    /// when sent and a `sent` (or `expired`, `failed`) one when it fires.
    public func pushes() async throws -> [Push] {
        try await messages(kind: "push").compactMap { message in
            guard let account = message.push, let id = account["notification"]?.stringValue else { return nil }
            return Push(notification: id, status: account["status"]?.stringValue ?? "", text: message.text,
                        deliveries: (account["deliveries"]?.arrayValue ?? []).compactMap(Self.delivery),
                        skipped: account["skipped"]?.arrayValue ?? [])
        }
    }

    /// The deliveries that reached the device with `deviceToken` (iOS) or `installationId`, newest first.
    public func pushes(toDevice id: String) async throws -> [Delivery] {
        try await pushes().filter { $0.status == "sent" }.flatMap(\.deliveries)
            .filter { $0.deviceToken == id || $0.installationId == id }
    }

    private static func delivery(_ json: JSON) -> Delivery? {
        guard let installation = json["installation"]?.stringValue else { return nil }
        return Delivery(installation: installation, deviceType: json["deviceType"]?.stringValue ?? "",
                        deviceToken: json["deviceToken"]?.stringValue, installationId: json["installationId"]?.stringValue,
                        reasons: (json["reasons"]?.arrayValue ?? []).compactMap(\.stringValue),
                        data: json["data"] ?? .null, prod: json["prod"]?.stringValue)
    }
}

extension Emulator.Outbox {
    /// One realtime message as the outbox accounts for it (docs/messages.md).
    public struct ChatMessage: Sendable, Equatable {
        public var conversation: String
        public var from: String
        /// The content as sent (text, or a JSON object's text).
        public var text: String
        /// The client ids it reached; `["*"]` for a broadcast.
        public var recipients: [String]
        public var messageId: String
        /// `message` or `broadcast`.
        public var purpose: String
        public var transient: Bool
    }

    /// The messages sent over `/1.1/rtm` (of one conversation when given), newest first.
    public func chatMessages(conversation: String? = nil) async throws -> [ChatMessage] {
        try await messages(kind: "message").compactMap { message in
            guard let account = message.message, conversation == nil || message.to == conversation else { return nil }
            return ChatMessage(conversation: message.to, from: account["from"]?.stringValue ?? "", text: message.text,
                               recipients: (account["recipients"]?.arrayValue ?? []).compactMap(\.stringValue),
                               messageId: account["msg-id"]?.stringValue ?? "", purpose: message.purpose,
                               transient: account["transient"]?.boolValue ?? false)
        }
    }
}
