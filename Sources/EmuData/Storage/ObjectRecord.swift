import LCWire

/// One stored object: the server-managed fields apart, the user fields as a JSON object.
public struct ObjectRecord: Sendable, Equatable {
    public var className: String
    public var objectId: String
    public var createdAt: LCDate
    public var updatedAt: LCDate
    /// The object's ACL, or nil when it has none (the class default applies).
    public var acl: JSONObject?
    public var fields: JSONObject

    public init(className: String, objectId: String, createdAt: LCDate, updatedAt: LCDate,
                acl: JSONObject?, fields: JSONObject) {
        self.className = className
        self.objectId = objectId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.acl = acl
        self.fields = fields
    }

    /// The wire form: fields, then `objectId`, `createdAt`, `updatedAt` as plain strings (§2.2),
    /// and the ACL only when asked for.
    public func json(includeACL: Bool = false) -> JSONObject {
        var object = fields
        object[LCFieldName.objectId] = .string(objectId)
        object[LCFieldName.createdAt] = .string(createdAt.iso)
        object[LCFieldName.updatedAt] = .string(updatedAt.iso)
        if includeACL, let acl { object[LCFieldName.acl] = .object(acl) }
        return object
    }
}
