import EmuData
import EmuRouting
import LCWire

extension FriendshipRoutes {
    /// `GET /1.1/users/<id>/followers` (or `followees`): a query of `_Follower` (`_Followee`)
    /// whose `user` is `<id>`, with every query parameter (`where`, `include`, `keys`, `order`,
    /// `skip`, `limit`, `count`) and the rows' ACLs applied. `self` needs a session.
    static func list(_ request: RequestContext<AppRuntime>, _ className: String) throws -> APIResponse {
        APIResponse(json: .object(try rows(request, className, userId: try listedUser(request))))
    }

    /// `GET /1.1/users/<id>/followersAndFollowees` → `{"followers":[…],"followees":[…]}`, plus
    /// `followers_count` and `followees_count` with `count=1`; `include`, `keys` and `limit`
    /// apply to both lists.
    static func both(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let userId = try listedUser(request)
        let followers = try rows(request, LCClassName.follower, userId: userId)
        let followees = try rows(request, LCClassName.followee, userId: userId)
        var body = JSONObject()
        body["followers"] = followers["results"] ?? .array([])
        body["followees"] = followees["results"] ?? .array([])
        if let count = followers["count"] { body["followers_count"] = count }
        if let count = followees["count"] { body["followees_count"] = count }
        return APIResponse(json: .object(body))
    }

    /// The user whose lists are read: any id (reading is not acting), `self` for the session's.
    private static func listedUser(_ request: RequestContext<AppRuntime>) throws -> String {
        let pathId = request.parameter("objectId")
        return pathId == "self" ? try FriendshipActor.user(request, pathId: pathId) : pathId
    }

    /// The query's own `where` and `{"user": <pointer>}`, both required.
    private static func rows(_ request: RequestContext<AppRuntime>, _ className: String, userId: String) throws -> JSONObject {
        var parameters = try QueryParameters(request)
        let owner: JSON = ["user": FriendshipStore.pointer(userId)]
        if let given = parameters.whereJSON, given.objectValue?.isEmpty == false {
            parameters.whereJSON = ["$and": [given, owner]]
        } else {
            parameters.whereJSON = owner
        }
        return try QueryRoutes.run(className, parameters, RenderOptions(parameter: { request.query($0) }), request)
    }
}
