import EmuSQLite
import LCWire

/// `POST /1.1/rtm/messages` and `POST /1.1/rtm/broadcast` bodies (the Python SDK's
/// `Conversation.send` and `broadcast`), checked before anything is written.
package struct MessageRequest: Sendable {
    package var conversationId: String
    package var from: String
    /// The content as stored and delivered: text as sent; a JSON object is kept as its JSON text.
    package var data: String
    package var transient = false
    package var toPeers: [String]?
    package var pushData: JSON?
    package var validTill: JSON?

    package init(body: JSONObject) throws {
        guard let from = body["from_peer"]?.stringValue, !from.isEmpty else { throw APIError(.messageParameter("from_peer is required.")) }
        guard let conversation = body["conv_id"]?.stringValue, !conversation.isEmpty else {
            throw APIError(.messageParameter("conv_id is required."))
        }
        switch body["message"] {
        case .string(let text)?: data = text
        case .object(let object)?: data = String(decoding: JSON.object(object).serialized(), as: UTF8.self)
        default: throw APIError(.messageParameter("message must be a string."))
        }
        self.from = from
        conversationId = conversation
        if let flag = body["transient"], !flag.isNull {
            guard let value = flag.boolValue else { throw APIError(.messageParameter("transient must be a boolean.")) }
            transient = value
        }
        if let peers = body["to_peers"], !peers.isNull {
            let names = peers.arrayValue?.compactMap(\.stringValue)
            guard let names, names.count == peers.arrayValue?.count else {
                throw APIError(.messageParameter("to_peers must be an array of client ids."))
            }
            toPeers = names
        }
        pushData = body["push_data"]
        validTill = body["valid_till"]
    }
}

/// Sends: stores the message (not a transient one) and delivers it to the outbox with the
/// clients it reached: the conversation's members but the sender, or `to_peers` in a system
/// conversation (the only kind that honours it); a broadcast reaches every client.
package enum MessageSending {
    package static func send(_ request: MessageRequest, app: AppRuntime) throws -> MessageStore.Message {
        let (message, conversation) = try app.database.write { db -> (MessageStore.Message, ObjectRecord) in
            let conversation = try fetchConversation(request.conversationId, in: db)
            let now = app.clock.now
            let message = try MessageStore.insert(conversation: conversation, from: request.from, data: request.data,
                                                  transient: request.transient, now: now, in: db)
            if !request.transient { try markLastMessage(of: conversation, at: now, in: db) }
            return (message, conversation)
        }
        let isSystem = conversation.fields["sys"]?.boolValue ?? false
        let members = (conversation.fields["m"]?.arrayValue ?? []).compactMap(\.stringValue)
        let recipients = isSystem && request.toPeers != nil ? request.toPeers ?? [] : members.filter { $0 != request.from }
        var account = describe(request, message, conversation)
        account["recipients"] = .array(recipients.map(JSON.string))
        account["transient"] = .bool(request.transient)
        app.outbox.deliver(OutboxMessage(kind: .message, to: conversation.objectId, text: request.data,
                                         purpose: "message", message: .object(account)))
        return message
    }

    /// A broadcast: only a system conversation may send one; it is not kept in the history.
    package static func broadcast(_ request: MessageRequest, app: AppRuntime) throws {
        let conversation = try app.database.read { db in try fetchConversation(request.conversationId, in: db) }
        guard conversation.fields["sys"]?.boolValue == true else { throw APIError(.messageParameter("Only a system conversation can broadcast.")) }
        let now = app.clock.now
        let message = MessageStore.Message(messageId: ObjectIdGenerator.shared.next(now: now.millisecondsSince1970 / 1000),
                                           conversationId: conversation.objectId, from: request.from, data: request.data,
                                           timestamp: now.millisecondsSince1970, isRoom: false)
        var account = describe(request, message, conversation)
        account["recipients"] = ["*"]
        if let validTill = request.validTill { account["validTill"] = validTill }
        app.outbox.deliver(OutboxMessage(kind: .message, to: conversation.objectId, text: request.data,
                                         purpose: "broadcast", message: .object(account)))
    }

    /// `lm`, the time of the conversation's last kept message, as the service keeps it.
    private static func markLastMessage(of conversation: ObjectRecord, at now: LCDate, in db: Database) throws {
        var record = conversation
        record.fields["lm"] = now.json
        var schema = try ClassSchema.load(record.className, in: db)
        try schema.fix("lm", for: now.json)
        try ObjectStore.update(record, in: db)
        try schema.saveIfChanged(now: now, in: db)
    }

    private static func fetchConversation(_ id: String, in db: Database) throws -> ObjectRecord {
        guard let record = try ObjectStore.fetch(className: LCClassName.conversation, objectId: id, in: db) else {
            throw APIError(.messageParameter("Conversation \(id) not found."))
        }
        return record
    }

    private static func describe(_ request: MessageRequest, _ message: MessageStore.Message, _ conversation: ObjectRecord) -> JSONObject {
        var account: JSONObject = ["conversation": .string(conversation.objectId), "from": .string(request.from),
                                   "msg-id": .string(message.messageId), "timestamp": JSON(message.timestamp),
                                   "system": .bool(conversation.fields["sys"]?.boolValue ?? false),
                                   "room": .bool(message.isRoom)]
        if let pushData = request.pushData { account["push_data"] = pushData }
        return account
    }
}

extension LCErrorCode {
    /// A bad realtime REST parameter: code 1, LeanCloud's catch-all, with a precise message.
    package static func messageParameter(_ message: String) -> LCErrorCode {
        LCErrorCode(code: 1, message: message, httpStatus: 400)
    }
}
