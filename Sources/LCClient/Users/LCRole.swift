import LCWire

/// A `_Role` (spec §6.4): a named group of users and roles that ACLs name as `role:<name>`.
///
/// ```swift
/// var acl = LCACL()
/// acl.allow(.read, for: .everyone)
/// let editors = try await LCRole.create(name: "Editors", acl: acl, users: [alice.pointer], in: app.withMasterKey())
/// try await editors.add(users: [bob.pointer], in: app.withMasterKey())
/// var postACL = LCACL()
/// postACL.allow(.write, for: .role("Editors"))
/// post.acl = postACL
/// ```
public struct LCRole: Sendable, Equatable {
    public var objectId: String
    public var name: String

    public init(objectId: String, name: String) {
        self.objectId = objectId
        self.name = name
    }

    /// A pointer to the role (for a parent role's `roles` relation).
    public var pointer: LCPointer { LCPointer(className: "_Role", objectId: objectId) }

    /// Creates a role; its name is fixed for life and its ACL is required.
    public static func create(name: String, acl: LCACL, users: [LCPointer] = [], roles: [LCPointer] = [],
                              in app: LCApplication) async throws -> LCRole {
        var object = LCObject(className: "_Role")
        object.set("name", name)
        object.acl = acl
        if !users.isEmpty { object.apply(.addRelation(users), to: "users") }
        if !roles.isEmpty { object.apply(.addRelation(roles), to: "roles") }
        try await object.save(in: app)
        guard let objectId = object.objectId else { throw LCError(code: .invalidResponse, message: "No objectId for role \(name).") }
        return LCRole(objectId: objectId, name: name)
    }

    /// Adds members (users) or child roles that inherit this role's grants.
    public func add(users: [LCPointer] = [], roles: [LCPointer] = [], in app: LCApplication) async throws {
        try await change(users.isEmpty ? nil : .addRelation(users), roles.isEmpty ? nil : .addRelation(roles), app)
    }

    /// Removes members or child roles.
    public func remove(users: [LCPointer] = [], roles: [LCPointer] = [], in app: LCApplication) async throws {
        try await change(users.isEmpty ? nil : .removeRelation(users), roles.isEmpty ? nil : .removeRelation(roles), app)
    }

    /// The roles whose `users` relation holds `user` (`GET /1.1/roles?where={"users":…}`).
    public static func roles(of user: LCPointer, in app: LCApplication) async throws -> [LCRole] {
        try await LCQuery(className: "_Role").whereKey("users", .equalTo(user)).find(in: app).compactMap { object in
            guard let id = object.objectId, let name = object["name"]?.stringValue else { return nil }
            return LCRole(objectId: id, name: name)
        }
    }

    private func change(_ users: LCOperation?, _ roles: LCOperation?, _ app: LCApplication) async throws {
        var object = LCObject(className: "_Role", objectId: objectId)
        if let users { object.apply(users, to: "users") }
        if let roles { object.apply(roles, to: "roles") }
        guard object.hasChanges else { return }
        try await object.save(in: app)
    }
}
