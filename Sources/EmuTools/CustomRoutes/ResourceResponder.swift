import EmuData
import EmuRouting
import EmuSQLite
import LCWire

/// Answers a resource route: the operation runs on the app's store (`ResourceStore`), and its
/// result or failure is rendered into the resource's envelopes as values, never as bytes read
/// back. Every failure is LeanCloud's code and words in `errorEnvelope`, with `notFoundStatus`
/// for a 404 and `errorStatus` for the rest.
package struct ResourceResponder {
    let spec: ResourceSpec
    let match: RouteMatch
    let context: TemplateContext
    let store: ResourceStore
    /// Named in the answer and the log of an unexpected failure, as the API's error boundary does.
    let requestId: String
    let logger: Logger

    package init(spec: ResourceSpec, match: RouteMatch, context: TemplateContext, store: ResourceStore, requestId: String,
                 logger: Logger) {
        self.spec = spec
        self.match = match
        self.context = context
        self.store = store
        self.requestId = requestId
        self.logger = logger
    }

    package func respond() -> APIResponse {
        guard let operation = match.operation else { return failure(status: spec.errorStatus, code: 1, "not a resource request") }
        do {
            switch operation {
            case .list:
                let page = try store.list(try ResourceQuery(spec: spec, request: context.request).parameters)
                return success(page.results, count: page.count)
            case .fetch(let id):
                return success(.object(try store.object(id)))
            case .create:
                return success(.object(try store.create(try fields())))
            case .update(let id):
                return success(.object(try store.update(id, Result { try ObjectPatch(body: try fields(), mode: .update) })))
            case .delete(let id):
                try store.delete(id)
                return success(["objectId": .string(id)])
            }
        } catch {
            return failure(error)
        }
    }

    /// The object's fields from the request's body, JSON or a form, with `fieldTypes` applied.
    private func fields() throws -> JSONObject {
        let request = context.request
        if request.body == nil && !request.http.body.isEmpty {
            throw APIError(.malformedJSON.with(message: "the body must be a JSON object or a form"))
        }
        var body = request.body ?? JSONObject()
        for (name, type) in spec.fieldTypes { if let value = body[name] { body[name] = type.convert(value) } }
        return body
    }

    private func success(_ result: JSON, count: JSON = .null) -> APIResponse {
        var context = self.context
        context.extra = ["result": result, "count": count]
        return APIResponse(status: spec.status, json: Template.render(spec.envelope, context))
    }

    private func failure(_ error: any Error) -> APIResponse {
        let code: LCErrorCode
        if let invalid = error as? InvalidInput {
            code = .invalidParameter(invalid.detail)
        } else {
            code = APIError(answering: error, requestId: requestId, failing: "resource route '\(match.route.id)'", logger: logger).code
        }
        return failure(status: code.httpStatus == 404 ? spec.notFoundStatus : spec.errorStatus, code: code.code, code.message)
    }

    private func failure(status: Int, code: Int, _ message: String) -> APIResponse {
        var context = self.context
        context.extra = ["error": .string(message), "code": JSON(code), "result": .null, "count": .null]
        return APIResponse(status: status, json: Template.render(spec.errorEnvelope, context))
    }
}
