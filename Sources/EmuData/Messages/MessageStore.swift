import EmuSQLite
import LCWire

/// Messages sent over LeanCloud's realtime REST API (v1, the forms the Python SDK uses:
/// `/1.1/rtm/messages`, `/1.1/rtm/messages/history`, `/1.1/rtm/broadcast`; docs/messages.md).
/// Conversations are `_Conversation` objects (members in `m`, `sys` system, `tr` transient);
/// a message is a row of `rtm_messages`, read back as history. There is no WebSocket: every
/// message that would reach clients lands in the outbox, with the clients it reached.
package enum MessageStore {
    /// One stored message, as the history answers it.
    package struct Message: Sendable {
        package var messageId: String
        package var conversationId: String
        package var from: String
        package var data: String
        package var timestamp: Int64
        package var isRoom: Bool

        /// The history's form: `conv-id`, `data`, `from`, `is-conv`, `is-room`, `msg-id`,
        /// `timestamp` (ms), `to` (the conversation), `bin`.
        package var json: JSON {
            ["conv-id": .string(conversationId), "data": .string(data), "from": .string(from), "is-conv": true,
             "is-room": .bool(isRoom), "msg-id": .string(messageId), "timestamp": JSON(timestamp),
             "to": .string(conversationId), "bin": false]
        }
    }

    /// Stores a message of `conversation` (unless `transient`) and returns it.
    package static func insert(conversation: ObjectRecord, from: String, data: String, transient: Bool,
                                now: LCDate, in db: Database) throws -> Message {
        let message = Message(messageId: ObjectIdGenerator.shared.next(now: now.millisecondsSince1970 / 1000),
                              conversationId: conversation.objectId, from: from, data: data,
                              timestamp: now.millisecondsSince1970,
                              isRoom: conversation.fields["tr"]?.boolValue ?? false)
        guard !transient else { return message }
        try db.execute("""
            INSERT INTO rtm_messages (msg_id, conv_id, from_client, data, timestamp, is_room) VALUES (?, ?, ?, ?, ?, ?)
            """, [.text(message.messageId), .text(message.conversationId), .text(from), .text(data),
                  .integer(message.timestamp), .integer(message.isRoom ? 1 : 0)])
        return message
    }

    /// The history (`GET /1.1/rtm/messages/history`), newest first unless `reversed`.
    package static func history(_ query: HistoryQuery, in db: Database) throws -> [Message] {
        var conditions: [String] = []
        var arguments: [SQLiteValue] = []
        if let conversation = query.conversationId { conditions.append("conv_id = ?"); arguments.append(.text(conversation)) }
        if let from = query.from { conditions.append("from_client = ?"); arguments.append(.text(from)) }
        if let start = query.startTimestamp {
            // The start is excluded: older (newer when reversed) than it, or at its time before
            // (after) its message id when one is given.
            let comparison = query.reversed ? ">" : "<"
            if let id = query.startMessageId, let row = try rowid(of: id, in: db) {
                conditions.append("(timestamp \(comparison) ? OR (timestamp = ? AND rowid \(comparison) ?))")
                arguments += [.integer(start), .integer(start), .integer(row)]
            } else {
                conditions.append("timestamp \(comparison) ?")
                arguments.append(.integer(start))
            }
        }
        let order = query.reversed ? "ASC" : "DESC"
        let whereSQL = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        arguments.append(.integer(Int64(query.limit)))
        return try db.query("""
            SELECT msg_id, conv_id, from_client, data, timestamp, is_room FROM rtm_messages \(whereSQL)
            ORDER BY timestamp \(order), rowid \(order) LIMIT ?
            """, arguments).map { row in
            Message(messageId: row[0].textValue ?? "", conversationId: row[1].textValue ?? "", from: row[2].textValue ?? "",
                    data: row[3].textValue ?? "", timestamp: row[4].int64Value ?? 0, isRoom: row[5].int64Value == 1)
        }
    }

    private static func rowid(of messageId: String, in db: Database) throws -> Int64? {
        try db.query("SELECT rowid FROM rtm_messages WHERE msg_id = ?", [.text(messageId)]).first?[0].int64Value
    }
}

/// The parameters of a history request.
package struct HistoryQuery: Sendable {
    package var conversationId: String?
    package var from: String?
    /// 1…1000, default 100 (the SDK's documentation of the service).
    package var limit = 100
    package var reversed = false
    /// `max_ts` (ms), and `msgid` with it.
    package var startTimestamp: Int64?
    package var startMessageId: String?

    package init() {}
}

/// The messages table (migration `rtm-v1`), emptied by a reset.
enum MessageSchema {
    static let tables = ["rtm_messages"]

    static func create(in db: Database) throws {
        try db.execute("""
            CREATE TABLE rtm_messages (
                rowid INTEGER PRIMARY KEY,
                msg_id TEXT NOT NULL UNIQUE,
                conv_id TEXT NOT NULL,
                from_client TEXT NOT NULL,
                data TEXT NOT NULL,
                timestamp INTEGER NOT NULL,
                is_room INTEGER NOT NULL
            );
            CREATE INDEX rtm_messages_by_conversation ON rtm_messages (conv_id, timestamp);
            CREATE INDEX rtm_messages_by_sender ON rtm_messages (from_client, timestamp);
            CREATE INDEX rtm_messages_by_time ON rtm_messages (timestamp);
            """)
    }
}
