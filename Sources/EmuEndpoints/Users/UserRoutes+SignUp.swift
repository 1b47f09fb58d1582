import EmuData
import EmuRouting
import LCWire

extension UserRoutes {
    /// `POST /1.1/users` (and `/1.1/classes/_User`): sign-up → 201, `Location`,
    /// `{"sessionToken","createdAt","objectId"}` (spec §5.3); a body with `authData` signs up
    /// or logs in through the linked account (§5.8).
    static func signUp(_ request: RequestContext<AppRuntime>, collection: ObjectCollection) throws -> APIResponse {
        let app = request.app
        var body = try request.jsonObjectBody()
        if let authData = body[LCFieldName.authData]?.objectValue, !authData.isEmpty, authData[LCWireKey.op] == nil {
            return try authDataLogIn(request, body: body, authData: authData, collection: collection)
        }
        try UserValidation.checkSignUp(body)
        // `_User`'s beforeSave sees the new user (without its password) and may change or refuse it.
        let hooks = try ObjectHooks.of(request, className: LCClassName.user, body: body)
        if let hooks, hooks.runs(.beforeSave) {
            body = try hooks.beforeSave(body)
            try UserValidation.checkSignUp(body)
        }
        let (record, token) = try UserWrites.create(fields: body, app: app,
                                                    access: request.access)
        AfterHooks.afterWrite(hooks, .afterSave, objectId: record.objectId, app: app)
        let answer: JSONObject = [
            LCFieldName.sessionToken: .string(token),
            LCFieldName.createdAt: .string(record.createdAt.iso),
            LCFieldName.objectId: .string(record.objectId),
        ]
        return created(answer, status: 201, objectId: record.objectId, collection: collection, request: request)
    }

    /// A sign-up answer with its `Location` (spec §1.5).
    static func created(_ body: JSONObject, status: Int, objectId: String, collection: ObjectCollection,
                        request: RequestContext<AppRuntime>) -> APIResponse {
        var response = APIResponse(status: status, json: .object(body))
        response.headers.add("Location", collection.location(of: objectId, className: LCClassName.user, request: request))
        return response
    }

    /// `POST /1.1/users` with `authData` (spec §5.8): a linked account logs in (200, `Location`,
    /// the whole user with `sessionToken`); otherwise a new user with a random user name is
    /// created (201, `{"username","sessionToken","createdAt","objectId"}`), or with
    /// `?failOnNotExist=true` the answer is 211. Lookup and creation share one transaction, so
    /// two parallel first log-ins of one account make one user. The hooks run outside it
    /// (docs/cloud-code.md): `onLogin` with the linked user, `_User`'s `beforeSave` with the new
    /// one, both before the transaction, and `afterSave` once it committed.
    static func authDataLogIn(_ request: RequestContext<AppRuntime>, body: JSONObject, authData: JSONObject,
                              collection: ObjectCollection) throws -> APIResponse {
        // onAuthData may rewrite the authData before it is looked up (docs/cloud-code.md).
        let authData = try UserHooks.onAuthData(request, authData)
        let entries = try AuthDataEntry.entries(of: authData)
        guard !entries.isEmpty else { throw APIError(.linkedIdMissing) }
        let links = try AuthDataLinks.withUnionIds(authData)
        var fields = body
        fields[LCFieldName.authData] = .object(links)
        if fields[LCFieldName.username] == nil { fields[LCFieldName.username] = .string(UserWrites.randomUsername()) }
        try UserValidation.checkUpdate(fields)
        let signUp = AuthDataSignUp(request: request, entries: entries, links: links, fields: fields,
                                    hooks: try ObjectHooks.of(request, className: LCClassName.user, body: body),
                                    onLogin: try UserHooks.definesOnLogin(request.app))
        let (status, objectId, answer) = try signUp.run()
        return created(answer, status: status, objectId: objectId, collection: collection, request: request)
    }
}
