import EmuData
import EmuRouting
import LCWire

/// One `authData` log-in or sign-up (`UserRoutes.authDataLogIn`): the account is looked up and
/// the user logged in or created in one transaction; the hooks it needs (`onLogin` for a linked
/// user, `_User`'s `beforeSave` for a new one) are asked before it, outside every transaction.
/// When the transaction finds otherwise than the look-up before it (a parallel first log-in made
/// the user meanwhile), it is given up and the whole tried again, so no hook is skipped.
struct AuthDataSignUp {
    let request: RequestContext<AppRuntime>
    let entries: [AuthDataEntry]
    let links: JSONObject
    let fields: JSONObject
    let hooks: ObjectHooks?
    let onLogin: Bool

    /// Tries before giving up on a look-up that keeps changing (parallel log-ins of one account).
    private static let attempts = 3

    private struct LookupChanged: Error {}

    /// `(status, objectId, answer)`: 200 and the user for a log-in, 201 for a sign-up.
    func run() throws -> (Int, String, JSONObject) {
        guard onLogin || hooks?.runs(.beforeSave) == true else { return try transaction(expected: nil, fields: fields) }
        for _ in 1..<Self.attempts {
            let (linked, fields) = try askHooks()
            do { return try transaction(expected: .some(linked), fields: fields) } catch is LookupChanged { continue }
        }
        // The last try takes what the transaction finds, as without hooks.
        let (_, fields) = try askHooks()
        return try transaction(expected: nil, fields: fields)
    }

    /// The linked user's id (nil: none yet), after `onLogin` accepted it; or the fields of the
    /// new user as `beforeSave` answered them.
    private func askHooks() throws -> (String?, JSONObject) {
        if let linked = try request.app.database.read({ db in try AuthDataLinks.linkedUser(entries, in: db) }) {
            if onLogin { try UserHooks.onLogin(request, user: linked) }
            return (linked.objectId, fields)
        }
        // `failOnNotExist` creates no one: no beforeSave for a sign-up that will not be.
        guard let hooks, hooks.runs(.beforeSave), !RenderOptions.flag(request.query("failOnNotExist")) else { return (nil, fields) }
        var fields = try hooks.beforeSave(fields)
        // The account logging in stays linked, whatever the hook answered.
        fields[LCFieldName.authData] = .object(links)
        if fields[LCFieldName.username] == nil { fields[LCFieldName.username] = self.fields[LCFieldName.username] }
        try UserValidation.checkUpdate(fields)
        return (nil, fields)
    }

    /// The look-up and the log-in or creation. `expected` (when the hooks were asked) is the
    /// user the look-up before found (nil: none); finding another throws `LookupChanged`.
    private func transaction(expected: String??, fields: JSONObject) throws -> (Int, String, JSONObject) {
        let app = request.app
        let access = request.access
        let failOnNotExist = RenderOptions.flag(request.query("failOnNotExist"))
        let result = try app.database.write { db -> (Int, String, JSONObject) in
            let found = try AuthDataLinks.linkedUser(entries, in: db)
            if let expected, expected != found?.objectId { throw LookupChanged() }
            if var user = found {
                // Log in, storing the fresh entries (new access tokens, a newly linked platform).
                var stored = user.fields[LCFieldName.authData]?.objectValue ?? JSONObject()
                for (platform, value) in links where !value.isNull { stored[platform] = value }
                user.fields[LCFieldName.authData] = .object(stored)
                user.updatedAt = app.clock.now
                try ObjectStore.update(user, in: db)
                let token = try UserResponse.token(for: user.objectId, app: app, in: db)
                return (200, user.objectId, try UserResponse.withSession(user, token: token, app: app, in: db))
            }
            if failOnNotExist { throw APIError(.userNotFound) }
            let (record, token) = try UserWrites.create(fields: fields, app: app, access: access)
            return (201, record.objectId, [
                LCFieldName.username: record.fields[LCFieldName.username] ?? .null,
                LCFieldName.sessionToken: .string(token),
                LCFieldName.createdAt: .string(record.createdAt.iso),
                LCFieldName.objectId: .string(record.objectId),
            ])
        }
        if result.0 == 201 { AfterHooks.afterWrite(hooks, .afterSave, objectId: result.1, app: app) }
        return result
    }
}
