import EmuHTTP
import LCWire

/// Answers a resource route by running the LeanCloud object routes (`/1.1/classes/<class>…`) as
/// sub-requests with the master key: the same store, validation and rendering as the REST API,
/// so a resource's data is ordinary objects. Wraps the answer in the resource's envelopes.
struct ResourceResponder {
    let spec: ResourceSpec
    let match: RouteMatch
    let context: TemplateContext
    /// A master-key request of the routes' app, through which sub-requests run.
    let outer: RequestContext<AppRuntime>

    var collection: String { "/1.1/classes/\(spec.className)" }

    func respond() -> APIResponse {
        guard let operation = match.operation else { return failure(status: spec.errorStatus, code: 1, "not a resource request") }
        switch operation {
        case .list: return list()
        case .fetch(let id): return fetch(id)
        case .create: return write(SubRequest(method: "POST", path: collection, body: nil), created: true)
        case .update(let id):
            guard exists(id) else { return notFound(id) }
            return write(SubRequest(method: "PUT", path: "\(collection)/\(id)", body: nil), id: id)
        case .delete(let id):
            guard exists(id) else { return notFound(id) }
            let answer = outer.dispatch(SubRequest(method: "DELETE", path: "\(collection)/\(id)"))
            guard answer.status < 300 else { return failure(answer) }
            return success(["objectId": .string(id)])
        }
    }

    private func list() -> APIResponse {
        let query: [(name: String, value: String)]
        do { query = try ResourceQuery(spec: spec, request: context.request).parameters } catch let error as InvalidInput {
            return failure(status: spec.errorStatus, code: LCErrorCode.invalidParameter(error.detail).code, error.detail)
        } catch {
            return failure(status: spec.errorStatus, code: 1, "\(error)")
        }
        let answer = outer.dispatch(SubRequest(method: "GET", path: collection, query: query))
        guard answer.status < 300, let body = try? JSONParser.parse(answer.body) else { return failure(answer) }
        return success(body["results"] ?? .array([]), count: body["count"])
    }

    private func fetch(_ id: String) -> APIResponse {
        guard LCObjectId.isValid(id) else { return notFound(id) }
        let answer = outer.dispatch(SubRequest(method: "GET", path: "\(collection)/\(id)"))
        guard answer.status < 300, let object = try? JSONParser.parse(answer.body) else { return failure(answer) }
        // LeanCloud answers an unknown id with an empty object (spec §2.3): that is our 404.
        guard object.objectValue?.isEmpty == false else { return notFound(id) }
        return success(object)
    }

    private func exists(_ id: String) -> Bool {
        guard LCObjectId.isValid(id) else { return false }
        let answer = outer.dispatch(SubRequest(method: "GET", path: "\(collection)/\(id)"))
        return answer.status == 200 && (try? JSONParser.parse(answer.body))?.objectValue?.isEmpty == false
    }

    /// Creates or updates from the request's body (JSON or form), then answers the whole object.
    private func write(_ base: SubRequest, created: Bool = false, id: String? = nil) -> APIResponse {
        var subrequest = base
        if context.request.body == nil && !context.request.http.body.isEmpty {
            return failure(status: spec.errorStatus, code: LCErrorCode.malformedJSON.code, "the body must be a JSON object or a form")
        }
        var body = context.request.body ?? JSONObject()
        for (name, type) in spec.fieldTypes { if let value = body[name] { body[name] = type.convert(value) } }
        subrequest.body = .object(body)
        let answer = outer.dispatch(subrequest)
        guard answer.status < 300 else { return failure(answer) }
        let written = id ?? (try? JSONParser.parse(answer.body))?["objectId"]?.stringValue ?? ""
        return fetch(written)
    }

    private func success(_ result: JSON, count: JSON? = nil) -> APIResponse {
        var context = self.context
        context.extra = ["result": result, "count": count ?? .null]
        return APIResponse(status: spec.status, json: Template.render(spec.envelope, context))
    }

    private func notFound(_ id: String) -> APIResponse {
        failure(status: spec.notFoundStatus, code: LCErrorCode.objectNotFound.code, "\(spec.className) \(id) not found")
    }

    /// A LeanCloud error answer turned into the error envelope: a 404 keeps `notFoundStatus`.
    private func failure(_ answer: APIResponse) -> APIResponse {
        let body = try? JSONParser.parse(answer.body)
        let code = body?["code"]?.intValue ?? answer.status
        let message = body?["error"]?.stringValue ?? HTTPStatus.reasonPhrase(answer.status)
        return failure(status: answer.status == 404 ? spec.notFoundStatus : spec.errorStatus, code: code, message)
    }

    private func failure(status: Int, code: Int, _ message: String) -> APIResponse {
        var context = self.context
        context.extra = ["error": .string(message), "code": JSON(code), "result": .null, "count": .null]
        return APIResponse(status: status, json: Template.render(spec.errorEnvelope, context))
    }
}
