import Foundation
import LCWire

/// A `_User` as the server sent it, with the session token of a log-in or sign-up.
///
/// ```swift
/// let user = try await LCUser.logIn(username: "testuser", password: "…", in: app)
/// app.currentUser?.sessionToken   // sent as X-LC-Session from now on
/// for await user in app.currentUserUpdates { showLoggedIn(user != nil) }
/// ```
public struct LCUser: Sendable, Equatable {
    public var objectId: String
    /// Every field the server sent (never the password), including `sessionToken`.
    public var fields: JSONObject

    public init(objectId: String, fields: JSONObject = JSONObject()) {
        self.objectId = objectId
        self.fields = fields
    }

    /// A user from an answer that carries `objectId`.
    init(answer: JSON, extra: JSONObject = JSONObject()) throws {
        guard var fields = answer.objectValue, let objectId = fields["objectId"]?.stringValue else {
            throw LCError(code: .invalidResponse, message: "The answer is not a user.", httpStatus: 200)
        }
        for (key, value) in extra where fields[key] == nil && key != "password" { fields[key] = value }
        self.init(objectId: objectId, fields: fields)
    }

    public var sessionToken: String? { fields["sessionToken"]?.stringValue }
    public var username: String? { fields["username"]?.stringValue }
    public var email: String? { fields["email"]?.stringValue }
    public var mobilePhoneNumber: String? { fields["mobilePhoneNumber"]?.stringValue }
    public var authData: JSONObject? { fields["authData"]?.objectValue }
    public subscript(key: String) -> JSON? { fields[key] }

    /// A pointer to the user, for ACLs, pointer fields and relations.
    public var pointer: LCPointer { LCPointer(className: "_User", objectId: objectId) }

    /// The user as a dynamic object, to edit and `save` fields (with the user's session).
    public var object: LCObject { LCObject(className: "_User", serverData: fields) }

    /// Decodes the user as a typed model.
    public func decode<Model: LCModel>(as type: Model.Type) throws -> Model { try object.decode(as: type) }
}

extension LCApplication {
    /// The logged-in user (its session token goes with every request), or nil.
    public var currentUser: LCUser? { state.current }

    /// The current user now and after every log-in, log-out and token refresh: bind
    /// "is logged in" to it.
    public var currentUserUpdates: AsyncStream<LCUser?> { state.updates() }

    /// Makes `user` the current user (e.g. one restored from the keychain), or clears it.
    public func setCurrentUser(_ user: LCUser?) { state.set(user) }

    /// Logs out on the client: the session token is dropped (spec: there is no logout endpoint;
    /// `refreshSessionToken` is what invalidates a token on the server).
    public func logOut() { state.set(nil) }
}

// MARK: - The session

extension LCUser {
    /// The current user, re-read from the server (`GET /1.1/users/me`).
    @discardableResult
    public static func fetchCurrent(in app: LCApplication) async throws -> LCUser {
        let current = try requireCurrent(in: app)
        guard let token = current.sessionToken else { throw notLoggedIn }
        return try await become(sessionToken: token, in: app)
    }

    /// Replaces the session token on the server (the old one stops working) and keeps the new one.
    @discardableResult
    public static func refreshSessionToken(in app: LCApplication) async throws -> LCUser {
        let current = try requireCurrent(in: app)
        let answer = try await app.request("PUT", "/1.1/users/\(current.objectId)/refreshSessionToken")
        return become(try LCUser(answer: answer, extra: current.fields), in: app)
    }

    /// Changes the password (`PUT /1.1/users/<id>/updatePassword`); a new token, if the server
    /// issues one, replaces the current one.
    @discardableResult
    public static func updatePassword(from oldPassword: String, to newPassword: String, in app: LCApplication) async throws -> LCUser {
        let current = try requireCurrent(in: app)
        let answer = try await app.request("PUT", "/1.1/users/\(current.objectId)/updatePassword",
                                           body: ["old_password": .string(oldPassword), "new_password": .string(newPassword)])
        var fields = current.fields
        for (key, value) in answer.objectValue ?? JSONObject() { fields[key] = value }
        return become(LCUser(objectId: current.objectId, fields: fields), in: app)
    }

    /// Saves field changes of the current user with its session (spec §5.6).
    @discardableResult
    public static func updateCurrent(_ changes: JSONObject, in app: LCApplication) async throws -> LCUser {
        let current = try requireCurrent(in: app)
        _ = try await app.request("PUT", "/1.1/users/\(current.objectId)", body: .object(changes))
        var fields = current.fields
        for (key, value) in changes where value["__op"] == nil { fields[key] = value }
        return become(LCUser(objectId: current.objectId, fields: fields), in: app)
    }

    /// Links a third-party account to the current user.
    public static func associate(authData: JSONObject, platform: String, in app: LCApplication) async throws {
        try await updateCurrent(["authData": .object(JSONObject([(platform, .object(authData))]))], in: app)
    }

    /// Unlinks a third-party account from the current user.
    public static func dissociate(platform: String, in app: LCApplication) async throws {
        try await updateCurrent(JSONObject([("authData." + platform, LCOperation.delete.lcJSON)]), in: app)
    }

    /// Asks for a password-reset email (`{}` on success).
    public static func requestPasswordReset(email: String, in app: LCApplication) async throws {
        _ = try await app.request("POST", "/1.1/requestPasswordReset", body: ["email": .string(email)], options: .anonymous)
    }

    static var notLoggedIn: LCError { LCError(code: .notLoggedIn, message: "No user is logged in.") }

    static func requireCurrent(in app: LCApplication) throws -> LCUser {
        guard let user = app.currentUser else { throw notLoggedIn }
        return user
    }
}
