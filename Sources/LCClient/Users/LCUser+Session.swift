import LCWire

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
