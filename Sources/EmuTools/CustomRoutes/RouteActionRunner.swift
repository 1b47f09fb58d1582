import EmuData
import EmuRouting
import EmuSQLite
import LCWire

/// Runs a route's actions on the app's store, in order, in one transaction — a write when a step
/// writes, else a read — with the reach of a master-key request, through the object layer the
/// `/1.1` handlers use (`ObjectWrites`, `QueryPlan`, `ObjectRenderer`): the same validation,
/// operators and types, so the objects are ordinary objects. A failing step undoes every step
/// before it. Each result goes into the template context as `actions.<name>`.
struct RouteActionRunner {
    let app: AppRuntime
    /// A resource route's class and id field, by the route's id, from the app's routes when the
    /// request came.
    let resource: (String) -> Target?
    let access: AccessContext
    let renderer: ObjectRenderer

    init(app: AppRuntime, resource: @escaping (String) -> Target?) {
        self.app = app
        self.resource = resource
        access = AccessContext.forRequest(app: app, isMaster: true, sessionToken: nil)
        renderer = QueryRunner.renderer(RenderOptions(), access, app)
    }

    /// A step with `required` found nothing: the route answers `notFound`.
    struct NothingFound: Error {
        let message: String
    }

    /// Runs `actions`, adding each result to `context.actions`. Throws `NothingFound`, an
    /// `APIError` of the store (a type clash: 111), or a storage failure; nothing is then written.
    func run(_ actions: [RouteAction], _ context: inout TemplateContext) throws {
        let writes = actions.contains(where: \.writes)
        var results = context.actions
        let base = context
        let body: (Database) throws -> Void = { db in
            var context = base
            for action in actions {
                let result = try run(action, context, in: db)
                context.actions[action.name] = result
            }
            results = context.actions
        }
        if writes { try app.database.write(body) } else { try app.database.read(body) }
        context.actions = results
    }

    private func run(_ action: RouteAction, _ context: TemplateContext, in db: Database) throws -> JSON {
        let target = try action.target.map(resolve) ?? Target(className: LCClassName.user)
        let className = target.className
        switch action.operation {
        case .create(let fields):
            if let resource = target.resource {
                // The resource's own create: its id given or numbered (`auto`), a taken one refused.
                let given = try object(fields, context)
                var stored = try target.stored(given)
                // The resource's defaults for what the step does not give.
                let defaults = try resource.fields?.stored(given, excluding: [], defaults: context) ?? [:]
                for (name, value) in defaults where stored[name] == nil { stored[name] = value }
                stored = try target.scoped(stored, creating: true, context)
                let created = try ResourceStore(app: app, className: className).create(stored, identity: resource.identity)
                return target.shown(created)
            }
            let patch = try ObjectPatch(body: try object(fields, context), mode: .create)
            let created = try ObjectWrites.create(className: className, patch: patch, app: app, render: false, access: access)
            return .object(try renderer.render(created.record, in: db))
        case .update(let selector, let set, let increment, let unset):
            let records = try select(selector, target, context, in: db)
            if action.required && records.isEmpty { throw nothingFound(action, className, selector, context) }
            var body = try target.stored(try set.map { try object($0, context) } ?? JSONObject())
            for (field, amount) in try increment.map({ try object($0, context) }) ?? JSONObject() {
                // A form field is text: "2" adds 2.
                guard let number = amount.doubleValue ?? amount.stringValue.flatMap(Double.init), number.isFinite else {
                    throw APIError(.invalidParameter("increment.\(field) must be a number"))
                }
                body[target.storeName(field)] = ["__op": "Increment", "amount": .number(number)]
            }
            for field in unset { body[target.storeName(field)] = ["__op": "Delete"] }
            body = try target.scoped(body, creating: false, context)
            let patch = try ObjectPatch(body: body, mode: .update)
            for record in records {
                _ = try ObjectWrites.update(className: className, objectId: record.objectId, patch: patch, condition: nil,
                                            app: app, fetchWhenSave: false, access: access)
            }
            guard case .id = selector else { return ["updated": JSON(records.count)] }
            guard let record = records.first, let saved = try ObjectStore.fetch(className: className, objectId: record.objectId, in: db) else {
                return .null
            }
            return target.shown(try renderer.render(saved, in: db))
        case .delete(let selector):
            let records = try select(selector, target, context, in: db)
            if action.required && records.isEmpty { throw nothingFound(action, className, selector, context) }
            for record in records {
                try ObjectWrites.delete(className: className, objectId: record.objectId, condition: nil, app: app, access: access)
            }
            return ["deleted": JSON(records.count)]
        case .count(let query):
            let plan = try plan(target, query, context, limit: 0, order: nil, in: db)
            return JSON(try QueryExecutor.count(plan, in: db))
        case .sum(let field, let query):
            // One SQL aggregate over the step's `where`: no page-by-page read of a large class.
            let plan = try plan(target, query, context, limit: 0, order: nil, in: db)
            return JSON(try QueryExecutor.total(of: target.storeName(field), plan, in: db))
        case .find(let selector, let order):
            let found = try select(selector, target, context, limit: 1, order: target.order(order), in: db).first
            guard let found else {
                if action.required { throw nothingFound(action, className, selector, context) }
                return .null
            }
            return target.shown(try renderer.render(found, in: db))
        case .findUser(let field, let value):
            let name = FieldMatcher.text(Template.render(value, context))
            guard !name.isEmpty, let user = try UserStore.user(where: field, equals: name, in: db) else {
                if action.required { throw NothingFound(message: "no user with \(field) '\(name)'") }
                return .null
            }
            return .object(try RouteAuth.rendered(user, in: db))
        }
    }

    /// What a step's target names: a class, or a resource route's class and id field.
    private func resolve(_ target: RouteAction.Target) throws -> Target {
        switch target {
        case .className(let name): return Target(className: name)
        case .resource(let id):
            guard let found = resource(id) else {
                throw APIError(.invalidParameter("the action's resource '\(id)' is not a resource route of this app"))
            }
            return found
        }
    }

    /// The objects a selector names: the one of an objectId (none for an unknown or malformed
    /// id), or up to `limit` matches of a `where`.
    private func select(_ selector: RouteAction.Selector, _ target: Target, _ context: TemplateContext,
                        limit: Int = RouteAction.maxMatches, order: String? = nil, in db: Database) throws -> [ObjectRecord] {
        let className = target.className
        switch selector {
        case .id(let template) where !target.identity.isObjectId:
            // The resource's id field, typed: text that names no id (`abc` for an integer) finds nothing.
            let text = FieldMatcher.text(Template.render(template, context))
            guard let id = target.identity.value(text) else { return [] }
            let query: JSONObject = [target.identity.store: id]
            let plan = try plan(className, rendered: query, scope: try target.scope(context), limit: 1, order: nil, in: db)
            return try QueryExecutor.records(plan, in: db)
        case .id(let template):
            let id = FieldMatcher.text(Template.render(template, context))
            guard LCObjectId.isValid(id) else { return [] }
            let scope = try target.scope(context)
            guard scope.isEmpty else {
                let plan = try plan(className, rendered: [LCFieldName.objectId: .string(id)], scope: scope, limit: 1, order: nil, in: db)
                return try QueryExecutor.records(plan, in: db)
            }
            guard let record = try ObjectStore.fetch(className: className, objectId: id, in: db) else { return [] }
            return [record]
        case .matching(let query):
            return try QueryExecutor.records(try plan(target, query, context, limit: limit, order: order, in: db), in: db)
        }
    }

    /// A query plan of a step's `where`: rendered with single values from the request
    /// (`Template.condition`: a body's `{"$ne": …}` cannot widen it), in the target's store
    /// names, then loosened (`Self.loosened`), within the target's scope.
    private func plan(_ target: Target, _ query: JSON?, _ context: TemplateContext, limit: Int, order: String?,
                      skip: Int = 0, in db: Database) throws -> QueryPlan {
        let rendered = try query.map { query -> JSONObject in
            guard let object = try Template.condition(query, context).objectValue else {
                throw APIError(.invalidParameter("expected an object"))
            }
            return target.condition(object)
        }
        return try plan(target.className, rendered: rendered, scope: try target.scope(context), limit: limit, order: order,
                        skip: skip, in: db)
    }

    /// A query plan of a rendered `where` (never rendered again: its values are the request's),
    /// ANDed with a resource's rendered scope (`Target.scope`), which is not loosened: the
    /// resource compares it as written.
    private func plan(_ className: String, rendered query: JSONObject?, scope: [JSON], limit: Int, order: String?, skip: Int = 0,
                      in db: Database) throws -> QueryPlan {
        let parts = query.map { [JSON.object(Self.loosened($0))] } ?? []
        let all = parts + scope
        // `.none`, not `nil`: JSON is nil-literal expressible, and `nil` here would be JSON's null.
        let condition: JSON? = all.isEmpty ? .none : all.count == 1 ? all[0] : ["$and": .array(all)]
        var parameters = QueryParameters({ _ in nil }, where: condition)
        parameters.limit = limit
        parameters.skip = skip
        parameters.order = order
        return try QueryRunner.makePlan(className, parameters, access, in: db)
    }

    /// A rendered written object (`fields`, `set`, `increment`): single values from the request
    /// (`Template.written`).
    private func object(_ template: JSON, _ context: TemplateContext) throws -> JSONObject {
        guard let object = try Template.written(template, context).objectValue else {
            throw APIError(.invalidParameter("expected an object"))
        }
        return object
    }

    /// A `where` whose text values also match numbers and booleans: a path capture or a form
    /// field is text, the stored field may be a number (`"1"` finds `1`), as resource filters do.
    static func loosened(_ query: JSONObject) -> JSONObject {
        var loose = JSONObject()
        for (key, value) in query {
            guard !key.hasPrefix("$"), let text = value.stringValue else { loose[key] = value; continue }
            var candidates: [JSON] = [value]
            if let number = Double(text), number.isFinite { candidates.append(.number(number)) }
            if text == "true" || text == "false" { candidates.append(.bool(text == "true")) }
            loose[key] = candidates.count == 1 ? value : ["$in": .array(candidates)]
        }
        return loose
    }

    private func nothingFound(_ action: RouteAction, _ className: String, _ selector: RouteAction.Selector,
                              _ context: TemplateContext) -> NothingFound {
        switch selector {
        case .id(let template): return NothingFound(message: "\(className) \(FieldMatcher.text(Template.render(template, context))) not found")
        case .matching: return NothingFound(message: "no \(className) matches the action '\(action.name)'")
        }
    }
}
