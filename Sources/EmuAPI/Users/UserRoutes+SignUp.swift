import LCWire

extension UserRoutes {
    /// `POST /1.1/users` (and `/1.1/classes/_User`): sign-up → 201, `Location`,
    /// `{"sessionToken","createdAt","objectId"}` (spec §5.3); a body with `authData` signs up
    /// or logs in through the linked account (§5.8).
    static func signUp(_ request: RequestContext<AppRuntime>, collection: ObjectCollection) throws -> APIResponse {
        let app = request.app
        let body = try request.jsonObjectBody()
        if let authData = body[LCFieldName.authData]?.objectValue, !authData.isEmpty, authData[LCWireKey.op] == nil {
            return try authDataLogIn(request, body: body, authData: authData, collection: collection)
        }
        try UserValidation.checkSignUp(body)
        let (record, token) = try UserWrites.create(fields: body, app: app,
                                                    access: request.access)
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
}
