import EmuData
import EmuHTTP
import EmuRouting
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
