import EmuSQLite
import LCWire

/// The rows of LeanCloud's friendship classes, kept as ordinary objects so that `/1.1/classes`
/// queries (and the SDKs' follower/followee queries) read them like any other class:
///
/// - `_Followee {user: A, followee: B, …attributes}`: A follows B (`friendStatus: true` once
///   they are friends through a request);
/// - `_Follower {user: B, follower: A, …attributes}`: the same edge seen from B.
///
/// The two always change together: a `_Follower` row exists exactly when its `_Followee` row does.
/// Rows carry the "user and target friend" ACL, LeanCloud's default `friendshipACL`.
package enum FriendshipStore {
    /// The `_Followee` row of `userId` → `targetId`, if any.
    package static func followee(of userId: String, target targetId: String, in db: Database) throws -> ObjectRecord? {
        try row(LCClassName.followee, user: userId, otherKey: "followee", other: targetId, in: db)
    }

    /// The `_Follower` row that mirrors it.
    static func follower(of targetId: String, follower userId: String, in db: Database) throws -> ObjectRecord? {
        try row(LCClassName.follower, user: targetId, otherKey: "follower", other: userId, in: db)
    }

    /// Makes `userId` follow `targetId`, creating both rows or merging `attributes` (and
    /// `extra`, such as `friendStatus`) into existing ones.
    package static func follow(_ userId: String, _ targetId: String, attributes: JSONObject, extra: JSONObject = JSONObject(),
                       now: LCDate, in db: Database) throws {
        let acl = FriendshipStore.acl(userId, targetId)
        var followeeFields = merged(attributes, extra)
        followeeFields["user"] = pointer(userId)
        followeeFields["followee"] = pointer(targetId)
        try upsert(try followee(of: userId, target: targetId, in: db), className: LCClassName.followee,
                   fields: followeeFields, acl: acl, now: now, in: db)
        var followerFields = attributes
        followerFields["user"] = pointer(targetId)
        followerFields["follower"] = pointer(userId)
        try upsert(try follower(of: targetId, follower: userId, in: db), className: LCClassName.follower,
                   fields: followerFields, acl: acl, now: now, in: db)
    }

    /// Ends `userId` following `targetId`; false when it did not.
    package static func unfollow(_ userId: String, _ targetId: String, in db: Database) throws -> Bool {
        var removed = false
        if let row = try followee(of: userId, target: targetId, in: db) {
            removed = try ObjectStore.delete(className: row.className, objectId: row.objectId, in: db) || removed
        }
        if let row = try follower(of: targetId, follower: userId, in: db) {
            removed = try ObjectStore.delete(className: row.className, objectId: row.objectId, in: db) || removed
        }
        return removed
    }

    package static func pointer(_ userId: String) -> JSON {
        LCPointer(className: LCClassName.user, objectId: userId).json
    }

    /// Read and write for the two users only.
    package static func acl(_ first: String, _ second: String) -> JSONObject {
        var acl = JSONObject()
        for id in [first, second] { acl[id] = ["read": true, "write": true] }
        return acl
    }

    /// `base` with every key of `overrides` set.
    private static func merged(_ base: JSONObject, _ overrides: JSONObject) -> JSONObject {
        var result = base
        for (key, value) in overrides { result[key] = value }
        return result
    }

    private static func row(_ className: String, user: String, otherKey: String, other: String,
                            in db: Database) throws -> ObjectRecord? {
        let rows = try db.query("""
            SELECT id FROM objects WHERE class = ? AND json_extract(data, '$.user.objectId') = ?
              AND json_extract(data, ?) = ? LIMIT 1
            """, [.text(className), .text(user), .text("$.\(otherKey).objectId"), .text(other)])
        guard let id = rows.first?[0].textValue else { return nil }
        return try ObjectStore.fetch(className: className, objectId: id, in: db)
    }

    private static func upsert(_ existing: ObjectRecord?, className: String, fields: JSONObject, acl: JSONObject,
                               now: LCDate, in db: Database) throws {
        var schema = try ClassSchema.load(className, in: db)
        for (key, value) in fields { try schema.fix(key, for: value) }
        if var record = existing {
            record.fields = merged(record.fields, fields)
            record.updatedAt = now
            try ObjectStore.update(record, in: db)
        } else {
            let objectId = ObjectIdGenerator.shared.next(now: now.millisecondsSince1970 / 1000)
            try ObjectStore.insert(ObjectRecord(className: className, objectId: objectId, createdAt: now, updatedAt: now,
                                                acl: acl, fields: fields), in: db)
        }
        try schema.saveIfChanged(now: now, in: db)
    }
}

// MARK: - Friend requests

/// `_FriendshipRequest {user, friend, status: pending|accepted|declined[, friendship]}` rows:
/// ordinary objects, so `/1.1/classes/_FriendshipRequest` queries find them.
package enum FriendshipRequestStore {
    /// A request from `userId` to `friendId` that still stands (pending or declined): LeanCloud
    /// lets the requester ask only once; after a decline, only the friend may accept it.
    package static func open(from userId: String, to friendId: String, in db: Database) throws -> String? {
        let rows = try db.query("""
            SELECT id FROM objects WHERE class = ? AND json_extract(data, '$.user.objectId') = ?
              AND json_extract(data, '$.friend.objectId') = ? AND json_extract(data, '$.status') != 'accepted' LIMIT 1
            """, [.text(LCClassName.friendshipRequest), .text(userId), .text(friendId)])
        return rows.first?[0].textValue
    }

    package static func insert(_ fields: JSONObject, acl: JSONObject, now: LCDate, in db: Database) throws -> ObjectRecord {
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
