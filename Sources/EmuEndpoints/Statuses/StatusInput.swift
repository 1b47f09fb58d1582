import EmuData
import EmuRouting
import LCWire

/// What the status requests carry, read and checked once: every refusal is `{"code","error"}`.
enum StatusInput {
    /// An inbox type is 1 to this many characters.
    static let maxInboxTypeLength = 128

    /// `data`: an object; absent or `null` is none.
    static func data(_ value: JSON?) throws -> JSONObject {
        guard let value, !value.isNull else { return JSONObject() }
        guard let data = value.objectValue else { throw APIError(.invalidParameter("data must be an object.")) }
        return data
    }

    /// `inboxType`: a string of 1 to 128 characters; absent, `null` or empty is `default`.
    static func inboxType(_ value: JSON?) throws -> String {
        guard let value, !value.isNull else { return StatusInbox.defaultType }
        guard let type = value.stringValue, type.count <= maxInboxTypeLength else {
            throw APIError(.invalidParameter("inboxType must be a string of at most \(maxInboxTypeLength) characters."))
        }
        return type.isEmpty ? StatusInbox.defaultType : type
    }

    /// The status's source: the given pointer, else the session's user (none for the master key
    /// without one). A client may name only itself.
    static func source(_ value: JSON?, caller: Caller) throws -> LCPointer? {
        let user = caller.userId.map { LCPointer(className: LCClassName.user, objectId: $0) }
        guard let value, !value.isNull else { return user }
        guard let source = LCPointer(json: value) else {
            throw APIError(.invalidParameter("source must be a pointer to the publishing user."))
        }
        guard caller.isMaster || source == user else { throw APIError(.statusSourceOfAnotherUser) }
        return source
    }

    /// `query`: `{"className","where","keys"}`; absent or `null` means the source's followers.
    static func targets(_ value: JSON?, source: LCPointer?) throws -> StatusTargets {
        guard let value, !value.isNull else {
            guard let source else { throw APIError(.invalidParameter("query is required for a status without a source.")) }
            return .followers(of: source)
        }
        guard let query = value.objectValue else { throw APIError(.invalidParameter("query must be an object.")) }
        guard let className = query["className"]?.stringValue, LCNames.isValidClassName(className) else {
            throw APIError(.invalidClassName)
        }
        var whereJSON = query["where"]
        if whereJSON?.isNull == true { whereJSON = nil }
        if let whereJSON, whereJSON.objectValue == nil {
            throw APIError(.invalidParameter("query.where must be an object."))
        }
        var ownerKey: String?
        if let keys = query["keys"], !keys.isNull {
            guard let key = keys.stringValue, LCNames.isValidFieldName(key) else {
                throw APIError(.invalidParameter("query.keys must name one field, the one holding each inbox owner."))
            }
            ownerKey = key
        }
        return StatusTargets(className: className, whereJSON: whereJSON, ownerKey: ownerKey)
    }

    /// The inbox a request names: `owner` and `inboxType` from the query string, else from
    /// `body`; without `owner`, the session's user's. A client may read and change only its
    /// own inboxes (206 otherwise); the master key any, but must name it.
    static func inbox(_ request: RequestContext<AppRuntime>, body: JSONObject = JSONObject()) throws -> StatusInbox {
        let caller = try request.caller()
        let type = try inboxType(request.query(StatusFields.inboxType).map(JSON.string) ?? body[StatusFields.inboxType])
        let user = caller.userId.map { LCPointer(className: LCClassName.user, objectId: $0) }
        let owner: LCPointer
        if let text = request.query("owner"), !text.isEmpty {
            owner = try pointer(try request.jsonQuery("owner", syntaxError: APIError(.malformedJSON)))
        } else if let value = body["owner"], !value.isNull {
            owner = try pointer(try value.stringValue.map(parsedJSON) ?? value)
        } else if let user {
            owner = user
        } else if caller.isMaster {
            throw APIError(.invalidParameter(#"owner is required: the inbox owner as a JSON pointer, {"__type":"Pointer","className":"_User","objectId":"…"}."#))
        } else {
            throw APIError(.sessionMissing)
        }
        guard caller.isMaster || owner == user else { throw APIError(.sessionMissing) }
        return StatusInbox(owner: owner, type: type)
    }

    /// JSON text in a body field (the Objective-C SDK posts `owner` as text); not JSON → 107.
    private static func parsedJSON(_ text: String) throws -> JSON {
        do { return try JSONParser.parse(text) } catch { throw APIError(.malformedJSON) }
    }

    private static func pointer(_ value: JSON?) throws -> LCPointer {
        guard let value, let pointer = LCPointer(json: value) else {
            throw APIError(.invalidParameter(#"owner must be a JSON pointer, {"__type":"Pointer","className":"_User","objectId":"…"}."#))
        }
        return pointer
    }

    /// A messageId parameter: a whole number ≥ 0; nil when absent or empty.
    static func messageId(_ text: String?, name: String) throws -> Int64? {
        guard let text, !text.isEmpty else { return nil }
        guard let number = Int64(text), number >= 0 else {
            throw APIError(.invalidParameter("\(name) must be a whole number of at least 0."))
        }
        return number
    }

    /// `limit`: 1 to 100 (the guide's "default 100, at most 100"); 0 with `count` returns only the
    /// count; anything else is 100.
    static func limit(_ text: String?, count: Bool) -> Int {
        guard let text, let value = Int(text) else { return InboxPage.maxLimit }
        if value == 0, count { return 0 }
        return (1...InboxPage.maxLimit).contains(value) ? value : InboxPage.maxLimit
    }
}

// MARK: - Refusals

// Refusals the status guide does not word; recorded in docs/compatibility.md ("Statuses").
extension LCErrorCode {
    /// A client publishing a status in another user's name.
    static let statusSourceOfAnotherUser = LCErrorCode(
        code: 403, message: "A status's source must be the session's user.", httpStatus: 403)
    /// Any update of a `_Status` object, even with the master key (the guide: "any update of an
    /// existing record is an error"; the Objective-C SDK refuses it with 119 before sending).
    static let statusUpdate = operationForbiddenForClients.with(
        message: "A status cannot be updated: delete it and publish a new one.")
}
