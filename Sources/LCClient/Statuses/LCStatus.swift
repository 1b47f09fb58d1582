import LCWire

/// A status (`_Status`): a post to followers' timelines, a private message, or an event sent
/// to any query of users, read back from inboxes (`LCInbox`). Statuses cannot be edited, only
/// deleted by their source (LeanCloud's in-app social guide; docs/statuses.md).
///
/// ```swift
/// app.setCurrentUser(alice)
/// let post = try await LCStatus.sendToFollowers(["message": "hello"], in: app)
/// let secret = try await LCStatus.sendPrivately(["message": "psst"], to: bob.pointer, in: app)
/// try await post.delete(in: app)
/// ```
public struct LCStatus: Sendable, Equatable {
    public var objectId: String
    /// Every field the server sent: the data, `source`, `inboxType`, dates, and in an inbox
    /// `messageId`.
    public var fields: JSONObject

    public init(objectId: String, fields: JSONObject = JSONObject()) {
        self.objectId = objectId
        self.fields = fields
    }

    /// The status's number in the inbox it was read from (nil for a status not read from one).
    public var messageId: Int? { fields["messageId"]?.intValue }
    /// `default` (timelines), `private`, or the app's own type.
    public var inboxType: String? { fields["inboxType"]?.stringValue }
    /// The publishing user.
    public var source: LCPointer? { fields["source"].flatMap(LCPointer.init(json:)) }
    public var createdAt: LCDate? { fields["createdAt"]?.stringValue.flatMap { LCDate(iso: $0) } }
    public subscript(key: String) -> JSON? { fields[key] }

    /// Sends `data` from the current user to their followers' `default` inboxes, and their own
    /// (`POST /1.1/statuses` with a `_Follower` query, as the SDKs do).
    public static func sendToFollowers(_ data: JSONObject, in app: LCApplication) async throws -> LCStatus {
        let source = try currentUser(of: app)
        let followers = LCQuery(className: "_Follower").whereKey("user", .equalTo(source))
        return try await send(data, inboxType: "default", to: followers, ownerKey: "follower", source: source, in: app)
    }

    /// Sends `data` from the current user to `user`'s `private` inbox.
    public static func sendPrivately(_ data: JSONObject, to user: LCPointer, in app: LCApplication) async throws -> LCStatus {
        let source = try currentUser(of: app)
        let target = LCQuery(className: "_User").whereKey("objectId", .equalTo(user.objectId))
        return try await send(data, inboxType: "private", to: target, ownerKey: nil, source: source, in: app)
    }

    /// Sends `data` from the current user to the `inboxType` inboxes of the users `query` finds.
    public static func send(_ data: JSONObject, inboxType: String, to query: LCQuery, in app: LCApplication) async throws -> LCStatus {
        try await send(data, inboxType: inboxType, to: query, ownerKey: nil, source: try currentUser(of: app), in: app)
    }

    /// Deletes the status everywhere: the current user must be its source.
    public func delete(in app: LCApplication) async throws {
        _ = try await app.request("DELETE", "/1.1/statuses/\(objectId)")
    }

    private static func send(_ data: JSONObject, inboxType: String, to query: LCQuery, ownerKey: String?,
                             source: LCPointer, in app: LCApplication) async throws -> LCStatus {
        var fields = data
        fields["source"] = source.json
        var target: JSONObject = ["className": .string(query.className), "where": query.whereJSON]
        if let ownerKey { target["keys"] = .string(ownerKey) }
        let body: JSON = ["data": .object(fields), "inboxType": .string(inboxType), "query": .object(target)]
        let answer = try await app.request("POST", "/1.1/statuses", body: body)
        guard let objectId = answer["objectId"]?.stringValue else {
            throw LCError(code: .invalidResponse, message: "A status answer without objectId.", httpStatus: 201)
        }
        fields["inboxType"] = .string(inboxType)
        fields["objectId"] = .string(objectId)
        fields["createdAt"] = answer["createdAt"]
        return LCStatus(objectId: objectId, fields: fields)
    }

    /// The current user's pointer: sending needs a logged-in user, as in every SDK.
    static func currentUser(of app: LCApplication) throws -> LCPointer {
        guard let user = app.currentUser else { throw LCUser.notLoggedIn }
        return user.pointer
    }
}
