import EmuData
import EmuRouting
import EmuSQLite
import LCWire

extension FriendshipRoutes {
    enum RequestStatus {
        static let pending = "pending"
        static let accepted = "accepted"
        static let declined = "declined"
    }

    /// `POST /1.1/users/friendshipRequests {"user","friend"[,"friendship"]}` → 201. `user` must be
    /// the session's user (or any user with the master key). With attributes, the requester's
    /// `_Followee` row of the friend is made at once, `friendStatus: false`, as LeanCloud does.
    static func createRequest(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let body = try request.jsonObjectBody()
        guard let user = body["user"].flatMap(LCPointer.init(json:)), user.className == LCClassName.user,
              let friend = body["friend"].flatMap(LCPointer.init(json:)), friend.className == LCClassName.user
        else { throw APIError(.invalidFriendshipAttributes("\"user\" and \"friend\" must be _User pointers")) }
        let userId = try FriendshipActor.user(request, pathId: user.objectId)
        guard friend.objectId != userId else { throw APIError(.cannotBefriendYourself) }
        let attributes = try FriendshipAttributes.parse(body, key: "friendship")
        let now = app.clock.now
        let record = try app.database.write { db -> ObjectRecord in
            try FriendshipActor.requireUsers([userId, friend.objectId], in: db)
            if try FriendshipRequestStore.open(from: userId, to: friend.objectId, in: db) != nil {
                throw APIError(.friendshipRequestExists)
            }
            var fields = JSONObject()
            fields["user"] = FriendshipStore.pointer(userId)
            fields["friend"] = FriendshipStore.pointer(friend.objectId)
            fields["status"] = .string(RequestStatus.pending)
            if !attributes.isEmpty {
                fields["friendship"] = .object(attributes)
                try FriendshipStore.follow(userId, friend.objectId, attributes: attributes,
                                           extra: ["friendStatus": false], now: now, in: db)
            }
            return try FriendshipRequestStore.insert(fields, acl: FriendshipStore.acl(userId, friend.objectId), now: now, in: db)
        }
        var response = APIResponse(json: [LCFieldName.objectId: .string(record.objectId), LCFieldName.createdAt: .string(now.iso)])
        response.status = 201
        return response
    }

    /// `PUT …/<id>/accept {"friendship"}`: the request becomes `accepted`; both users follow each
    /// other as friends (`friendStatus: true`), the friend's row with the given attributes.
    /// A declined request may still be accepted; only the requested friend may do either.
    static func accept(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let attributes = try FriendshipAttributes.parse(try optionalBody(request), key: "friendship")
        return try answer(request, status: RequestStatus.accepted) { record, now, db in
            guard let userId = LCPointer(json: record.fields["user"] ?? nil)?.objectId,
                  let friendId = LCPointer(json: record.fields["friend"] ?? nil)?.objectId else { return }
            // The requester's row keeps (or, if it was removed meanwhile, gets back) the request's attributes.
            let requested = record.fields["friendship"]?.objectValue ?? JSONObject()
            try FriendshipStore.follow(userId, friendId, attributes: requested, extra: ["friendStatus": true], now: now, in: db)
            try FriendshipStore.follow(friendId, userId, attributes: attributes, extra: ["friendStatus": true], now: now, in: db)
        }
    }

    /// `PUT …/<id>/decline`: the request becomes `declined`; nothing else changes.
    static func decline(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        try answer(request, status: RequestStatus.declined) { _, _, _ in }
    }

    /// Sets a request's status after `then` ran → `{"updatedAt","objectId"}`. Unknown → 101;
    /// already accepted → 137 (nothing is left to decide); another user's → 403.
    private static func answer(_ request: RequestContext<AppRuntime>, status: String,
                               then: (ObjectRecord, LCDate, Database) throws -> Void) throws -> APIResponse {
        let app = request.app
        let caller = try request.caller()
        let now = app.clock.now
        let record = try app.database.write { db -> ObjectRecord in
            guard var record = try ObjectStore.fetch(className: LCClassName.friendshipRequest,
                                                     objectId: request.parameter("requestId"), in: db)
            else { throw APIError(.objectNotFound) }
            let friendId = LCPointer(json: record.fields["friend"] ?? nil)?.objectId
            guard caller.isMaster || (caller.userId != nil && caller.userId == friendId) else {
                throw caller.userId == nil ? APIError(.sessionMissing) : APIError(.friendshipRequestOfAnotherUser)
            }
            guard record.fields["status"] != .string(RequestStatus.accepted) else { throw APIError(.friendshipRequestExists) }
            try then(record, now, db)
            record.fields["status"] = .string(status)
            record.updatedAt = now
            try ObjectStore.update(record, in: db)
            return record
        }
        return APIResponse(json: [LCFieldName.updatedAt: .string(now.iso), LCFieldName.objectId: .string(record.objectId)])
    }
}
