import EmuData
import EmuRouting
import LCWire

extension FriendshipRoutes {
    /// `GET /1.1/users/<id>/followers` (or `followees`): a query of `_Follower` (`_Followee`)
    /// whose `user` is `<id>`, with every query parameter (`where`, `include`, `keys`, `order`,
    /// `skip`, `limit`, `count`) and the rows' ACLs applied. `self` needs a session.
    static func list(_ request: RequestContext<AppRuntime>, _ className: String) throws -> APIResponse {
        let parameters = try ownedBy(request, userId: try listedUser(request))
        let render = try RenderOptions(parameter: { request.query($0) })
        return APIResponse(serializedJSON: try QueryRunner.answer(className, parameters, render, request.access, request.app))
    }

    /// `GET /1.1/users/<id>/followersAndFollowees` → `{"followers":[…],"followees":[…]}`, plus
    /// `followers_count` and `followees_count` with `count=1`; `include`, `keys` and `limit`
    /// apply to both lists.
    static func both(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let parameters = try ownedBy(request, userId: try listedUser(request))
        let renderer = QueryRunner.renderer(try RenderOptions(parameter: { request.query($0) }), request.access, request.app)
        var out = JSONSerializer(reservingCapacity: 128 + 1024 * min(parameters.limit, 100))
        out.appendASCII(#"{"followers":"#)
        let followers = try QueryRunner.reading(LCClassName.follower, parameters, request.access, request.app) { plan, db in
            try QueryRunner.appendResults(plan, parameters, renderer, to: &out, in: db)
        }
        out.appendASCII(#","followees":"#)
        let followees = try QueryRunner.reading(LCClassName.followee, parameters, request.access, request.app) { plan, db in
            try QueryRunner.appendResults(plan, parameters, renderer, to: &out, in: db)
        }
        if let followers {
            out.appendASCII(#","followers_count":"#)
            out.appendNumber(Double(followers))
        }
        if let followees {
            out.appendASCII(#","followees_count":"#)
            out.appendNumber(Double(followees))
        }
        out.appendByte(UInt8(ascii: "}"))
        return APIResponse(serializedJSON: out.bytes)
    }

    /// The user whose lists are read: any id (reading is not acting), `self` for the session's.
    private static func listedUser(_ request: RequestContext<AppRuntime>) throws -> String {
        let pathId = request.parameter("objectId")
        return pathId == "self" ? try FriendshipActor.user(request, pathId: pathId) : pathId
    }

    /// The request's query parameters with `where` the query's own and `{"user": <pointer>}`, both required.
    private static func ownedBy(_ request: RequestContext<AppRuntime>, userId: String) throws -> QueryParameters {
        var parameters = try QueryParameters(request)
        let owner: JSON = ["user": FriendshipStore.pointer(userId)]
        if let given = parameters.whereJSON, given.objectValue?.isEmpty == false {
            parameters.whereJSON = ["$and": [given, owner]]
        } else {
            parameters.whereJSON = owner
        }
        return parameters
    }
}
