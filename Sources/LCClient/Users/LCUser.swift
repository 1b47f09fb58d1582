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
