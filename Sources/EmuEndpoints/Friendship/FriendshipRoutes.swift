import EmuData
import EmuHTTP
import EmuRouting
import EmuSQLite
import LCWire

/// Following and friends (LeanCloud's "用户关系" REST API, docs/friendship.md):
///
/// ```
/// POST   /1.1/users/<id|self>/friendship/<target>  {attributes}   → {}   follow (attributes on both rows)
/// PUT    /1.1/users/<id|self>/friendship/<target>  {"friendship":{…}} → {} change the attributes
///        (both take the attributes flat or under "friendship")
/// DELETE /1.1/users/<id|self>/friendship/<target>                  → {}   unfollow
/// GET    /1.1/users/<id>/followers | followees | followersAndFollowees
/// POST   /1.1/users/friendshipRequests {"user","friend","friendship"} → 201 {"objectId","createdAt"}
/// PUT    /1.1/users/friendshipRequests/<id>/accept {"friendship"}    → {"updatedAt","objectId"}
/// PUT    /1.1/users/friendshipRequests/<id>/decline                  → {"updatedAt","objectId"}
/// ```
package enum FriendshipRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        // The router keeps one capture name per position: `:objectId` as the other user routes.
        let edge = "/1.1/users/:objectId/friendship/:targetId"
        router.add("POST", edge, APIRoute(appAccess: .app) { try follow($0) })
        router.add("PUT", edge, APIRoute(appAccess: .app) { try updateAttributes($0) })
        router.add("DELETE", edge, APIRoute(appAccess: .app) { try unfollow($0) })
        router.add("GET", "/1.1/users/:objectId/followers", APIRoute(appAccess: .app, work: .slow) { try list($0, LCClassName.follower) })
        router.add("GET", "/1.1/users/:objectId/followees", APIRoute(appAccess: .app, work: .slow) { try list($0, LCClassName.followee) })
        router.add("GET", "/1.1/users/:objectId/followersAndFollowees", APIRoute(appAccess: .app, work: .slow) { try both($0) })
        router.add("POST", "/1.1/users/friendshipRequests", APIRoute(appAccess: .app) { try createRequest($0) })
        router.add("PUT", "/1.1/users/friendshipRequests/:requestId/accept", APIRoute(appAccess: .app) { try accept($0) })
        router.add("PUT", "/1.1/users/friendshipRequests/:requestId/decline", APIRoute(appAccess: .app) { try decline($0) })
    }

    /// Follows `target`. A second follow merges its attributes into the existing rows.
    static func follow(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let (userId, targetId) = try FriendshipActor.edge(request)
        let attributes = try FriendshipAttributes.parse(edgeBody: try optionalBody(request))
        try app.database.write { db in
            try FriendshipActor.requireUsers([userId, targetId], in: db)
            try FriendshipStore.follow(userId, targetId, attributes: attributes, now: app.clock.now, in: db)
        }
        return empty
    }

    /// Changes the attributes of an existing edge; `221` when there is none.
    static func updateAttributes(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let (userId, targetId) = try FriendshipActor.edge(request)
        let attributes = try FriendshipAttributes.parse(edgeBody: try optionalBody(request))
        try app.database.write { db in
            guard try FriendshipStore.followee(of: userId, target: targetId, in: db) != nil else {
                throw APIError(.friendshipNotFound)
            }
            try FriendshipStore.follow(userId, targetId, attributes: attributes, now: app.clock.now, in: db)
        }
        return empty
    }

    /// Unfollows (or, for friends, removes the friend from this user's side only); `221` when
    /// the user did not follow the target.
    static func unfollow(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let (userId, targetId) = try FriendshipActor.edge(request)
        try app.database.write { db in
            guard try FriendshipStore.unfollow(userId, targetId, in: db) else { throw APIError(.friendshipNotFound) }
        }
        return empty
    }

    /// The body as an object; an empty body or JSON `null` (the Python SDK's `follow` posts
    /// `null`: leancloud/user.py, `client.post(…, None)`) reads as `{}`.
    static func optionalBody(_ request: RequestContext<AppRuntime>) throws -> JSONObject {
        let body = try request.jsonBody()
        if body.isNull { return JSONObject() }
        guard let object = body.objectValue else { throw APIError(.malformedJSON) }
        return object
    }

    static var empty: APIResponse { APIResponse(json: .object(JSONObject())) }
}

// MARK: - Who acts

/// Who acts in a friendship request. `self` in the path means the session's user; any other id
/// must be that same user, unless the master key is used, which may act for anyone.
enum FriendshipActor {
    /// The acting user of `/users/<id>/…`: `206` without a session (or with another user's),
    /// unless the master key names the user.
    static func user(_ request: RequestContext<AppRuntime>, pathId: String) throws -> String {
        let caller = try request.caller()
        if pathId == "self" {
            guard let userId = caller.userId else { throw APIError(.sessionMissing) }
            return userId
        }
        try UserRoutes.requireSelf(caller, objectId: pathId)
        return pathId
    }

    /// `(user, target)` of `/users/<id>/friendship/<target>`; following oneself → code 1.
    static func edge(_ request: RequestContext<AppRuntime>) throws -> (String, String) {
        let userId = try user(request, pathId: request.parameter("objectId"))
        let targetId = request.parameter("targetId")
        guard targetId != userId else { throw APIError(.cannotBefriendYourself) }
        return (userId, targetId)
    }

    /// `211` unless every id names an existing user.
    static func requireUsers(_ ids: [String], in db: Database) throws {
        for id in ids where try UserStore.fetch(id, in: db) == nil { throw APIError(.userNotFound) }
    }
}

// MARK: - What a follow stores

/// The custom columns a follow or a friend request stores on the friendship rows
/// (`{"score":100}`, `{"friendship":{"group":"sport"}}`).
enum FriendshipAttributes {
    /// Fields the rows own: attributes may not overwrite them.
    static let reserved: Set<String> = [
        "user", "follower", "followee", "friendStatus", "status", "friend", "friendship",
        LCFieldName.objectId, LCFieldName.createdAt, LCFieldName.updatedAt, LCFieldName.acl,
    ]

    /// The attributes of a follow or an attribute change: `body["friendship"]` when the body has
    /// that key (the form of LeanCloud's friend examples), else the body itself (its follow
    /// example, `{"score":100}`).
    static func parse(edgeBody body: JSONObject) throws -> JSONObject {
        try parse(body, key: body.contains(key: "friendship") ? "friendship" : nil)
    }

    /// The attributes in `body`, or in `body[key]` when a key is given (absent or null → none).
    static func parse(_ body: JSONObject, key: String?) throws -> JSONObject {
        let value: JSON? = key.map { body[$0] } ?? .object(body)
        guard let value, !value.isNull else { return JSONObject() }
        guard let attributes = value.objectValue else { throw APIError(.invalidFriendshipAttributes("not an object")) }
        for name in attributes.keys {
            guard !reserved.contains(name), LCNames.isValidFieldName(name) else {
                throw APIError(.invalidFriendshipAttributes("'\(name)' cannot be set"))
            }
        }
        return attributes
    }
}

// MARK: - Refusals

// Refusals of the friendship endpoints that LeanCloud's table does not word; choices recorded in
// docs/compatibility.md ("Friendship").
extension LCErrorCode {
    /// Following, or asking to befriend, oneself.
    static let cannotBefriendYourself = LCErrorCode(code: 1, message: "A user cannot follow or befriend themselves.", httpStatus: 400)
    /// A second request while one from the same user to the same friend is pending or declined
    /// (LeanCloud: after a decline only the friend can change it, by accepting it).
    static let friendshipRequestExists = LCErrorCode(
        code: 137, message: "A friendship request from this user to this friend already exists.", httpStatus: 400)
    /// Accepting or declining a request addressed to another user.
    static let friendshipRequestOfAnotherUser = LCErrorCode(
        code: 403, message: "Only the requested friend may accept or decline a friendship request.", httpStatus: 403)
    /// `friendship` attributes that are not an object, or that name a reserved field.
    static func invalidFriendshipAttributes(_ reason: String) -> LCErrorCode {
        LCErrorCode(code: 107, message: "Invalid friendship attributes: \(reason).", httpStatus: 400)
    }
}
