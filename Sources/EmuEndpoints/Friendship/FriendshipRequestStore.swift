import EmuData
import EmuRouting
import EmuSQLite
import LCWire

/// `_FriendshipRequest {user, friend, status: pending|accepted|declined[, friendship]}` rows:
/// ordinary objects, so `/1.1/classes/_FriendshipRequest` queries find them.
enum FriendshipRequestStore {
    /// A request from `userId` to `friendId` that still stands (pending or declined): LeanCloud
    /// lets the requester ask only once; after a decline, only the friend may accept it.
    static func open(from userId: String, to friendId: String, in db: Database) throws -> String? {
        let rows = try db.query("""
            SELECT id FROM objects WHERE class = ? AND json_extract(data, '$.user.objectId') = ?
              AND json_extract(data, '$.friend.objectId') = ? AND json_extract(data, '$.status') != 'accepted' LIMIT 1
            """, [.text(LCClassName.friendshipRequest), .text(userId), .text(friendId)])
        return rows.first?[0].textValue
    }

    static func insert(_ fields: JSONObject, acl: JSONObject, now: LCDate, in db: Database) throws -> ObjectRecord {
        var schema = try ClassSchema.load(LCClassName.friendshipRequest, in: db)
        for (key, value) in fields { try schema.fix(key, for: value) }
        let objectId = ObjectIdGenerator.shared.next(now: now.millisecondsSince1970 / 1000)
        let record = ObjectRecord(className: LCClassName.friendshipRequest, objectId: objectId, createdAt: now,
                                  updatedAt: now, acl: acl, fields: fields)
        try ObjectStore.insert(record, in: db)
        try schema.saveIfChanged(now: now, in: db)
        return record
    }
}
