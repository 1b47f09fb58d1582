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

// MARK: - ResourceQuery

/// A resource list request as a LeanCloud query: the paging parameters the API uses
/// (`limit`/`offset` or `page`/`size`) as `limit`/`skip`, the other parameters as equality
/// filters in `where`, the declared `order`, and the count for `{{count}}`.
struct ResourceQuery {
    let parameters: QueryParameters

    init(spec: ResourceSpec, request: IncomingRequest) throws {
        var limit: Int?
        var skip: Int?
        var pagingNames: [String]
        switch spec.paging {
        case .offset(let limitName, let offsetName):
            pagingNames = [limitName, offsetName]
            limit = try Self.number(request, limitName)
            skip = try Self.number(request, offsetName)
        case .page(let page, let size, let firstPage):
            pagingNames = [page, size]
            limit = try Self.number(request, size)
            if let number = try Self.number(request, page) {
                guard number >= firstPage else { throw InvalidInput("\(page) starts at \(firstPage)") }
                skip = (number - firstPage) * (limit ?? QueryPaging.defaultLimit)
            }
        }
        var conditions = JSONObject()
        for (name, value) in request.http.query where !pagingNames.contains(name) && conditions[name] == nil {
            guard spec.filters?.contains(name) ?? LCNames.isValidFieldName(name) else { continue }
            conditions[name] = Self.equality(value)
        }
        var parameters = QueryParameters({ _ in nil }, where: conditions.isEmpty ? nil : .object(conditions))
        parameters.order = spec.order.flatMap { $0.isEmpty ? nil : $0 }
        // Counted, so a limit of 0 answers only the count (spec §3.1).
        parameters.count = true
        parameters.limit = limit ?? QueryPaging.defaultLimit
        parameters.skip = skip ?? 0
        self.parameters = parameters
    }

    /// A query parameter is text; the field may hold a number or a boolean: match any of them.
    private static func equality(_ text: String) -> JSON {
        var candidates: [JSON] = [.string(text)]
        if let number = Double(text), number.isFinite { candidates.append(.number(number)) }
        if text == "true" || text == "false" { candidates.append(.bool(text == "true")) }
        return candidates.count == 1 ? candidates[0] : ["$in": .array(candidates)]
    }

    private static func number(_ request: IncomingRequest, _ name: String) throws -> Int? {
        guard let text = request.http.queryValue(name), !text.isEmpty else { return nil }
        guard let value = Int(text), value >= 0, value <= 1_000 else {
            throw InvalidInput("\(name) must be an integer in 0...1000")
        }
        return value
    }
}
