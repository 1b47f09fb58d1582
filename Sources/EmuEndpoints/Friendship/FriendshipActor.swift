import EmuData
import EmuRouting
import EmuSQLite
import LCWire

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
