import LCWire

/// One user's inbox of a type: `default` (their timeline: statuses of those they follow, and
/// their own), `private`, or an app's own. Read with the owner's session, newest first; each
/// status carries its `messageId`, the number to page by (docs/statuses.md).
///
/// ```swift
/// app.setCurrentUser(bob)
/// let timeline = LCInbox(owner: bob.pointer)
/// let newest = try await timeline.statuses(limit: 20, in: app)
/// let older = try await timeline.statuses(maxId: (newest.last?.messageId ?? 1) - 1, in: app)
/// let (total, unread) = try await timeline.counts(in: app)
/// try await timeline.resetUnreadCount(in: app)
/// ```
public struct LCInbox: Sendable, Equatable {
    public var owner: LCPointer
    public var type: String

    public init(owner: LCPointer, type: String = "default") {
        self.owner = owner
        self.type = type
    }

    /// Statuses with `sinceId < messageId ≤ maxId` (no upper bound when nil), newest first, at
    /// most `limit` (1…100), optionally filtered by `query`'s conditions on the statuses. A
    /// `maxId` below 1 finds nothing (the REST API would read `maxId=0` as "no bound").
    public func statuses(sinceId: Int = 0, maxId: Int? = nil, limit: Int = 100, where query: LCQuery? = nil,
                         in app: LCApplication) async throws -> [LCStatus] {
        if let maxId, maxId < 1 { return [] }
        var parameters = inboxParameters
        parameters += [("sinceId", String(sinceId)), ("maxId", String(maxId ?? 0)), ("limit", String(limit))]
        if let query { parameters.append(("where", query.whereJSON.jsonString)) }
        let answer = try await app.request("GET", "/1.1/subscribe/statuses", query: parameters)
        guard let results = answer["results"]?.arrayValue else {
            throw LCError(code: .invalidResponse, message: "An inbox answer without results.", httpStatus: 200)
        }
        return results.compactMap { result in
            guard let fields = result.objectValue, let id = fields["objectId"]?.stringValue else { return nil }
            return LCStatus(objectId: id, fields: fields)
        }
    }

    /// How many statuses the inbox holds, and how many arrived since the last reset.
    public func counts(in app: LCApplication) async throws -> (total: Int, unread: Int) {
        let answer = try await app.request("GET", "/1.1/subscribe/statuses/count", query: inboxParameters)
        guard let total = answer["total"]?.intValue, let unread = answer["unread"]?.intValue else {
            throw LCError(code: .invalidResponse, message: "A count answer without total and unread.", httpStatus: 200)
        }
        return (total, unread)
    }

    /// Marks every status read: the unread count becomes 0.
    public func resetUnreadCount(in app: LCApplication) async throws {
        _ = try await app.request("POST", "/1.1/subscribe/statuses/resetUnreadCount", query: inboxParameters)
    }

    /// Takes one status out of this inbox only.
    public func remove(messageId: Int, in app: LCApplication) async throws {
        _ = try await app.request("DELETE", "/1.1/subscribe/statuses/inbox",
                                  query: inboxParameters + [("messageId", String(messageId))])
    }

    private var inboxParameters: [(String, String)] { [("owner", owner.json.jsonString), ("inboxType", type)] }
}
