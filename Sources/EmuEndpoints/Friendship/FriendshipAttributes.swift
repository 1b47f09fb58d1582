import EmuData
import EmuRouting
import LCWire

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
