import LCWire

/// The custom columns a follow or a friend request stores on the friendship rows
/// (`{"score":100}`, `{"friendship":{"group":"sport"}}`).
enum FriendshipAttributes {
    /// Fields the rows own: attributes may not overwrite them.
    static let reserved: Set<String> = [
        "user", "follower", "followee", "friendStatus", "status", "friend",
        LCFieldName.objectId, LCFieldName.createdAt, LCFieldName.updatedAt, LCFieldName.acl,
    ]

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
