import EmuData
import EmuRouting
import EmuSQLite
import LCWire

/// Answers a resource route: the operation runs on the app's store (`ResourceStore`), and its
/// result or failure is rendered into the resource's envelopes as values, never as bytes read
/// back — the operation's own envelope and status (`list`, `item`, `created`, `updated`,
/// `deleted`), its objects in the declared shape (`ResourceFields`). Every failure is LeanCloud's
/// code and words in `errorEnvelope`, with `notFoundStatus` for a 404 and `errorStatus` for the rest.
package struct ResourceResponder {
    let spec: ResourceSpec
    let match: RouteMatch
    var context: TemplateContext
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

    /// The caller first (`auth`: a refusal is the answer, a write by a cookie caller is held to
    /// the CSRF rule), then the operation and its `actions`, in the resource's envelopes.
    package func respond() -> APIResponse {
        guard let operation = match.operation else { return failure(status: spec.errorStatus, code: 1, "not a resource request") }
        var responder = self
        if let auth = spec.auth {
            switch auth.resolve(context.request, app: store.app, routeId: match.route.id, context: context,
                                writes: ResourceSpec.writes(operation)) {
            case .refused(let refusal): return refusal
            case .caller(let caller): responder.context.caller = caller
            }
        }
        var response = responder.answer(operation)
        response.journalCaller = responder.context.caller?[LCFieldName.objectId]?.stringValue
        return response
    }

    private func answer(_ operation: ResourceOperation) -> APIResponse {
        do {
            switch operation {
            case .list:
                try requireParent()
                let query = try ResourceQuery(spec: spec, request: context.request, scope: try scope())
                let page = try store.list(query.parameters)
                return success(.list, answered(list: page.results), query.templateValues(count: page.count))
            case .fetch(let id):
                return success(.item, answered(try store.object(try item(id))))
            case .create:
                try requireParent()
                return success(.created, answered(try store.create(try written(creating: true), identity: spec.identity,
                                                                   then: after("create"))))
            case .update(let id):
                let item = try item(id)
                let patch = Result { try ObjectPatch(body: try written(creating: false), mode: .update) }
                return success(.updated, answered(try store.update(item, patch, then: after("update"))))
            case .delete(let id):
                try store.delete(try item(id), then: after("delete"))
                return success(.deleted, [spec.identity.field: spec.identity.value(id) ?? .string(id)])
            }
        } catch {
            return failure(error)
        }
    }

    /// The operation's `actions`, run in its write transaction after the write, with
    /// `{{result}}` the written (or deleted) object as the resource answers it; nil when none.
    private func after(_ operation: String) -> ((JSONObject) throws -> Void)? {
        guard let actions = spec.actions[operation] else { return nil }
        let (app, context, shape) = (store.app, context, self)
        return { written in
            var context = context
            context.extra["result"] = shape.answered(written)
            let routes = app.customRoutes
            try RouteActionRunner(app: app, resource: { routes.route($0).flatMap(RouteActionRunner.Target.init(route:)) })
                .run(actions, &context)
        }
    }

    /// The conditions every operation but create is limited to: the resource's `where`, rendered
    /// for this request, and its parent's value from the path.
    private func scope() throws -> [JSON] {
        var parts: [JSON] = []
        if let scope = spec.scope { parts.append(try Template.condition(scope, context)) }
        if let parent = spec.parent { parts.append([parent.store: try parentValue(parent)]) }
        return parts
    }

    private func parentValue(_ parent: ResourceParent) throws -> JSON {
        guard let value = parent.value(match.captures) else {
            throw APIError(.objectNotFound.with(message: "\(parent.field) \(match.captures[parent.capture] ?? "") not found"))
        }
        return value
    }

    /// The object an item path names: by objectId alone when nothing narrows the resource, else
    /// by a query for the id's field within the scope.
    private func item(_ id: String) throws -> ResourceItem {
        let scope = try scope()
        if spec.identity.isObjectId && scope.isEmpty { return ResourceItem(id: id, condition: nil) }
        guard let value = spec.identity.value(id) else { throw store.notFound(id) }
        let parts = [[spec.identity.store: value] as JSON] + scope
        return ResourceItem(id: id, condition: parts.count == 1 ? parts[0] : ["$and": .array(parts)])
    }

    /// With `parent.resource`, a parent that does not exist is not found, as that resource says it.
    private func requireParent() throws {
        guard let parent = spec.parent, let name = parent.resource else { return }
        guard let route = store.app.customRoutes.route(name), case .resource(let parentSpec) = route.kind else {
            throw Misdefined("parent.resource '\(name)' is not a resource route of this app")
        }
        let text = match.captures[parent.capture] ?? ""
        let identity = parentSpec.identity
        let parentStore = ResourceStore(app: store.app, className: parentSpec.className)
        guard !identity.isObjectId else { _ = try parentStore.object(ResourceItem(id: text, condition: nil)); return }
        guard let value = identity.value(text) else { throw parentStore.notFound(text) }
        _ = try parentStore.object(ResourceItem(id: text, condition: [identity.store: value]))
    }

    /// What a create or an update writes, from the body (JSON or a form): the declared fields
    /// (`fields`) or the body with `fieldTypes` applied, never its `ACL` unless `fields` declares
    /// it; never the id on an update (it names the object); the parent from the path on a create;
    /// the scope's fields as the scope fixes them (`ScopeFields`): the body cannot write an
    /// object outside the caller's `where`.
    private func written(creating: Bool) throws -> JSONObject {
        let request = context.request
        if request.body == nil && !request.http.body.isEmpty {
            throw APIError(.malformedJSON.with(message: "the body must be a JSON object or a form"))
        }
        var body = request.body ?? JSONObject()
        let identity = spec.identity
        var excluded: Set<String> = creating || identity.isObjectId ? [] : [identity.field]
        if let parent = spec.parent { excluded.insert(parent.field) }
        if let fields = spec.fields {
            body = try fields.stored(body, excluding: excluded, defaults: creating ? context : nil)
        } else {
            for (name, type) in spec.fieldTypes { if let value = body[name] { body[name] = type.convert(value) } }
            if request.bodyIsForm { body = try typedAsTheirColumns(body) }
            for name in excluded { body[name] = nil }
            // The master key writes it: a caller's ACL would lock others out of the class's objects.
            body[LCFieldName.acl] = nil
        }
        let scope = ScopeFields(rendered: try spec.scope.map { try Template.condition($0, context) })
        body = creating ? scope.creating(body) : scope.updating(body)
        if !identity.isObjectId, let id = body[identity.store], !id.isNull { body[identity.store] = try identity.stored(id) }
        if creating, let parent = spec.parent { body[parent.store] = try parentValue(parent) }
        return body
    }

    /// A form's text in the types the class's columns already have (`type=2` into a Number
    /// column is 2, `done=true` into a Boolean one is true), for the fields `fieldTypes` does not
    /// name: a form carries only text, and text stored first would fix the column as a String.
    /// Text that does not convert, and fields of no column yet or of another type, stay text.
    private func typedAsTheirColumns(_ body: JSONObject) throws -> JSONObject {
        let schema = try store.app.database.read { db in try ClassSchema.load(spec.className, in: db) }
        var typed = body
        for (name, value) in body where value.stringValue != nil && spec.fieldTypes[name] == nil {
            switch schema.type(of: name) {
            case .number?: typed[name] = FieldTextType.number.convert(value)
            case .boolean?: typed[name] = FieldTextType.boolean.convert(value)
            default: continue
            }
        }
        return typed
    }

    /// An object in the declared shape, or as stored.
    private func answered(_ object: JSONObject) -> JSON {
        .object(spec.fields?.answer(object) ?? object)
    }

    private func answered(list results: JSON) -> JSON {
        guard let fields = spec.fields, let objects = results.arrayValue else { return results }
        return .array(objects.map { .object(fields.answer($0.objectValue ?? JSONObject())) })
    }

    private func success(_ kind: ResourceOperation.Kind, _ result: JSON, _ values: [String: JSON] = [:]) -> APIResponse {
        let answer = spec.answers[kind] ?? ResourceSpec.Answer(envelope: "{{result}}", status: 200)
        var context = self.context
        context.extra = values.merging(["result": result, "count": values["count"] ?? .null]) { $1 }
        return rendered(answer.envelope, status: answer.status, context)
    }

    /// An envelope rendered as a stub's `json` is: a templated key that renders empty or twice is
    /// the route's author's bug, answered 500 naming the route and the key (`Template.KeyError`).
    private func rendered(_ envelope: JSON, status: Int, _ context: TemplateContext) -> APIResponse {
        do {
            return APIResponse(status: status, json: try Template.rendering(envelope, context))
        } catch {
            return error.response(route: match.route.id)
        }
    }

    private func failure(_ error: any Error) -> APIResponse {
        let code: LCErrorCode
        if let keyError = error as? Template.KeyError {
            return keyError.response(route: match.route.id)
        } else if let invalid = error as? InvalidInput {
            code = .invalidParameter(invalid.detail)
        } else if let missing = error as? RouteActionRunner.NothingFound {
            code = .objectNotFound.with(message: missing.message)
        } else if let misdefined = error as? Misdefined {
            return failure(status: 500, code: 1, "route '\(match.route.id)': \(misdefined.message)")
        } else {
            code = APIError(answering: error, requestId: requestId, failing: "resource route '\(match.route.id)'", logger: logger).code
        }
        return failure(status: code.httpStatus == 404 ? spec.notFoundStatus : spec.errorStatus, code: code.code, code.message)
    }

    private func failure(status: Int, code: Int, _ message: String) -> APIResponse {
        var context = self.context
        context.extra = ["error": .string(message), "code": JSON(code), "result": .null, "count": .null]
        return rendered(spec.errorEnvelope, status: status, context)
    }
}

/// A resource whose definition cannot answer (a parent naming no resource): the author's bug, a 500 naming it.
private struct Misdefined: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
