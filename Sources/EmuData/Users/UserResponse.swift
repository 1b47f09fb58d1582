import EmuSQLite
import LCWire

/// The shapes the user endpoints answer with (spec §5.3–§5.7).
package enum UserResponse {
    /// The log-in shape: `sessionToken` first, then the whole user minus `password` (§5.4).
    package static func withSession(_ record: ObjectRecord, token: String, app: AppRuntime, in db: Database) throws -> JSONObject {
        var body: JSONObject = [LCFieldName.sessionToken: .string(token)]
        // spec §6.3: the user's own client does not see the client-invisible fields either.
        let fields = app.configuration.options.fieldPermissions.hidingInvisible(try ObjectRenderer.wireForm(record, in: db),
                                                                                of: LCClassName.user)
        for (key, value) in fields { body[key] = value }
        return body
    }

    /// What the user's own session token is, issuing one if it has none (or it expired).
    package static func token(for userId: String, app: AppRuntime, in db: Database) throws -> String {
        try SessionStore.tokenForLogIn(userId: userId, now: app.clock.nowMilliseconds,
                                       lifetime: app.sessionLifetimeMilliseconds, in: db)
    }

    /// `authData` is shown only to its owner and the master key (§5.2).
    static func hidingAuthData(_ object: JSONObject, of userId: String?, for caller: Caller) -> JSONObject {
        if caller.isMaster || (caller.userId != nil && caller.userId == userId) { return object }
        var object = object
        object.removeValue(forKey: LCFieldName.authData)
        return object
    }
}

extension AppRuntime {
    /// `options.sessionLifetime` in milliseconds; nil = tokens never expire (spec §5.2).
    package var sessionLifetimeMilliseconds: Int64? {
        AppOptions.milliseconds(seconds: configuration.options.sessionLifetime)
    }
}
