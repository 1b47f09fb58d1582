import EmuData
import EmuRouting
import LCWire

/// A resource route (Mockoon's CRUD routes): `path` and `path/:id` mapped onto a class of the
/// app's store. The objects are ordinary LeanCloud objects, seeded, reset and snapshotted with
/// everything else; the resource shapes only its view of them — which field is the id
/// (`ResourceIdentity`), which fields are answered and written under which names
/// (`ResourceFields`), which parameters filter (`ResourceFilters`), which objects it reaches
/// (`where`, `parent`) — and answers in per-operation envelopes, failures in `errorEnvelope`.
package struct ResourceSpec: Sendable {
    static let keys = ["path", "class", "id", "fields", "paging", "filters", "where", "parent", "order", "envelope", "errorEnvelope",
                       "status", "notFoundStatus", "errorStatus", "fieldTypes", "auth", "actions"] + ResourceOperation.Kind.allCases.map(\.rawValue)
    /// The writes whose `actions` run after them, in their transaction.
    static let actionOperations = ["create", "update", "delete"]
    /// The names only a list's envelope has a value for.
    static let listNames = ["count", "page", "pageSize", "limit", "offset", "totalPage"]

    /// One operation's answer: its envelope and status.
    struct Answer: Sendable {
        let envelope: JSON
        let status: Int
    }

    let path: PathTemplate
    package let className: String
    let identity: ResourceIdentity
    /// Nil: every field answered and written as it is (with `fieldTypes`).
    let fields: ResourceFields?
    let paging: ResourcePaging
    let filters: ResourceFilters
    /// A LeanCloud `where` (templates rendered per request) every operation but create is limited
    /// to; writes keep to it too (`ScopeFields`: a create stores its equality fields).
    let scope: JSON?
    let parent: ResourceParent?
    /// LeanCloud's `order` (`-createdAt`) in store names (a declared wire name is mapped:
    /// `-created_at` orders by `createdAt`); nil: the store's order.
    let order: String?
    let answers: [ResourceOperation.Kind: Answer]
    let errorEnvelope: JSON
    let notFoundStatus: Int
    let errorStatus: Int
    /// Fields whose text (a form's, or a string in JSON) is stored as a `number` or `boolean`:
    /// forms carry only text, and a class's field keeps one type.
    let fieldTypes: [String: FieldTextType]
    /// The caller every operation requires (`{{caller}}` in `where`, envelopes, defaults); nil: anyone.
    package let auth: RouteAuth?
    /// Steps run after a write in its transaction, by operation (`create`, `update`, `delete`),
    /// with `{{result}}` the written object as answered: a comment bumps its pin's count.
    let actions: [String: [RouteAction]]

    init(json: JSON) throws {
        guard let object = json.objectValue else { throw RouteDefinitionError(field: "", "expected an object") }
        try RouteJSON.rejectUnknownKeys(object, known: Self.keys)
        guard let pathText = try RouteJSON.string(object, "path") else { throw RouteDefinitionError(field: "path", "required: a string such as \"/feedback\"") }
        path = try RouteJSON.at("path") { try PathTemplate(pathText) }
        guard let className = try RouteJSON.string(object, "class") else { throw RouteDefinitionError(field: "class", "required: the class of the app's store") }
        guard LCNames.isValidClassName(className) else { throw RouteDefinitionError(field: "class", "'\(className)' is not a valid class name") }
        // A resource answers keyless callers with the master key's reach: never over the system
        // classes, whose objects carry credentials (`_Session`'s tokens, `_User`'s e-mail).
        guard !className.hasPrefix("_") else {
            throw RouteDefinitionError(field: "class", "'\(className)' is a system class; a resource maps only onto the app's own classes")
        }
        self.className = className
        guard !path.captureNames.contains("id") else { throw RouteDefinitionError(field: "path", "the capture 'id' is the resource's own (path/:id)") }
        let captures = path.captureNames + ["id"]
        let auth = try object["auth"].map { json in try RouteJSON.at("auth") { try RouteAuth(json: json, captures: captures) } }
        self.auth = auth
        let hasCaller = auth != nil
        let fields = try object["fields"].map { json in
            try RouteJSON.at("fields") { try ResourceFields(json: json, captures: captures, hasCaller: hasCaller) }
        }
        self.fields = fields
        guard fields == nil || object["fieldTypes"] == nil else {
            throw RouteDefinitionError(field: "fieldTypes", "give \"fields\" (with types) or \"fieldTypes\", not both")
        }
        identity = try object["id"].map { json in try RouteJSON.at("id") { try ResourceIdentity(json: json, fields: fields) } } ?? .objectId
        paging = try RouteJSON.at("paging") { try ResourcePaging(json: object["paging"]) }
        filters = try RouteJSON.at("filters") { try ResourceFilters(json: object["filters"], fields: fields) }
        scope = object["where"]
        if let scope {
            guard scope.objectValue != nil else { throw RouteDefinitionError(field: "where", "expected a LeanCloud where object") }
            try RouteJSON.at("where") { try Template.validate(scope, captures: captures, hasCaller: hasCaller) }
        }
        let pathCaptures = path.captureNames
        parent = try object["parent"].map { json in try RouteJSON.at("parent") { try ResourceParent(json: json, captures: pathCaptures, fields: fields) } }
        order = try RouteJSON.string(object, "order").map { order in
            guard let fields else { return order }
            return order.split(separator: ",", omittingEmptySubsequences: false).map { key in
                key.hasPrefix("-") ? "-" + fields.storeName(String(key.dropFirst())) : fields.storeName(String(key))
            }.joined(separator: ",")
        }
        let envelope = object["envelope"] ?? "{{result}}"
        let status = try RouteJSON.int(object, "status", in: 100...599) ?? 200
        var answers: [ResourceOperation.Kind: Answer] = [:]
        for kind in ResourceOperation.Kind.allCases {
            answers[kind] = try RouteJSON.at(kind.rawValue) { try Self.answer(object[kind.rawValue], kind, envelope: envelope, status: status) }
        }
        self.answers = answers
        errorEnvelope = object["errorEnvelope"] ?? ["code": "{{code}}", "error": "{{error}}"]
        notFoundStatus = try RouteJSON.int(object, "notFoundStatus", in: 100...599) ?? 404
        errorStatus = try RouteJSON.int(object, "errorStatus", in: 100...599) ?? 400
        fieldTypes = try RouteJSON.at("fieldTypes") { try FieldTextType.map(object["fieldTypes"]) }
        let actionScope = Template.Scope(captures: captures, extra: ["result"], hasCaller: hasCaller)
        actions = try RouteJSON.at("actions") { try Self.actions(object["actions"], scope: actionScope) }
        let names = Template.resourceNames
        try RouteJSON.at("envelope") { try Template.validate(envelope, captures: captures, extra: names, hasCaller: hasCaller) }
        try RouteJSON.at("errorEnvelope") { try Template.validate(errorEnvelope, captures: captures, extra: names, hasCaller: hasCaller) }
        for (kind, answer) in answers where object[kind.rawValue]?["envelope"] != nil {
            try RouteJSON.at("\(kind.rawValue).envelope") {
                try Template.validate(answer.envelope, captures: captures, extra: names, hasCaller: hasCaller)
            }
        }
        // A templated key naming what its envelope never has would render empty at every answer.
        for (kind, answer) in answers where kind != .list {
            let field = object[kind.rawValue]?["envelope"] != nil ? "\(kind.rawValue).envelope" : "envelope"
            try RouteJSON.at(field) { try Self.refuseKeys(answer.envelope, naming: Self.listNames, "is a list's only") }
        }
        try RouteJSON.at("errorEnvelope") {
            try Self.refuseKeys(errorEnvelope, naming: Self.listNames + ["result"], "has no value in a failure")
        }
    }

    /// Throws for an object key of `json` whose placeholder names one of `names`: it renders empty.
    private static func refuseKeys(_ json: JSON, naming names: [String], _ why: String) throws {
        switch json {
        case .array(let items):
            for (index, item) in items.enumerated() { try RouteJSON.at("\(index)") { try refuseKeys(item, naming: names, why) } }
        case .object(let object):
            for (key, value) in object {
                if let name = Template.placeholders(in: key).first(where: { names.contains(String($0.prefix { $0 != "." })) }) {
                    throw RouteDefinitionError(field: key, "{{\(name)}} \(why): a key would render empty")
                }
                try RouteJSON.at(key) { try refuseKeys(value, naming: names, why) }
            }
        default: return
        }
    }

    /// `{"create"?: [...], "update"?: [...], "delete"?: [...]}`: each list's placeholders may
    /// name the written object (`{{result}}`), the caller and the steps before them.
    private static func actions(_ json: JSON?, scope: Template.Scope) throws -> [String: [RouteAction]] {
        guard let json else { return [:] }
        guard let object = json.objectValue else {
            throw RouteDefinitionError(field: "", "expected {\"create\"?, \"update\"?, \"delete\"?}, each an array of actions")
        }
        try RouteJSON.rejectUnknownKeys(object, known: actionOperations)
        var actions: [String: [RouteAction]] = [:]
        for (operation, list) in object {
            actions[operation] = try RouteJSON.at(operation) { try RouteAction.list(list, scope: scope) }
        }
        return actions
    }

    /// Whether an operation changes data (then a cookie caller is held to the CSRF rule).
    static func writes(_ operation: ResourceOperation) -> Bool {
        switch operation {
        case .list, .fetch: return false
        case .create, .update, .delete: return true
        }
    }

    /// An operation's `{"envelope"?, "status"?}`, each defaulting to the resource's. Only the
    /// list's own envelope may name the list's numbers: elsewhere they would always be null.
    private static func answer(_ json: JSON?, _ kind: ResourceOperation.Kind, envelope: JSON, status: Int) throws -> Answer {
        guard let json else { return Answer(envelope: envelope, status: status) }
        guard let object = json.objectValue else { throw RouteDefinitionError(field: "", "expected {\"envelope\"?, \"status\"?}") }
        try RouteJSON.rejectUnknownKeys(object, known: ["envelope", "status"])
        if kind != .list, let own = object["envelope"] { try RouteJSON.at("envelope") { try refuseListNames(own) } }
        return Answer(envelope: object["envelope"] ?? envelope, status: try RouteJSON.int(object, "status", in: 100...599) ?? status)
    }

    private static func refuseListNames(_ json: JSON) throws {
        switch json {
        case .string(let text):
            if let name = Template.placeholders(in: text).first(where: listNames.contains) {
                throw RouteDefinitionError(field: "", "{{\(name)}} is a list's only")
            }
        case .array(let items):
            for (index, item) in items.enumerated() { try RouteJSON.at("\(index)") { try refuseListNames(item) } }
        case .object(let object):
            for (key, value) in object { try RouteJSON.at(key) { try refuseListNames(value) } }
        default: return
        }
    }

    /// `path/:id` for fetch, update and delete; the item path's captures include `id`.
    var itemPath: PathTemplate {
        // Cannot fail: `path` parsed, and `id` is checked to be free.
        (try? PathTemplate(path.text.hasSuffix("/") ? path.text + ":id" : path.text + "/:id")) ?? path
    }
}

// MARK: - ResourceOperation

/// What a request to a resource asks for; the id is the path's text, whatever field it names.
enum ResourceOperation: Sendable, Equatable {
    case list
    case create
    case fetch(id: String)
    case update(id: String)
    case delete(id: String)

    /// The operations' names in a resource (`"item": {"envelope": …}` is the fetch's).
    enum Kind: String, Sendable, CaseIterable {
        case list, item, created, updated, deleted
    }

    var kind: Kind {
        switch self {
        case .list: return .list
        case .create: return .created
        case .fetch: return .item
        case .update: return .updated
        case .delete: return .deleted
        }
    }
}

extension ResourceSpec {
    /// The operation and the path's captures, when the method and path are the resource's.
    func operation(for request: IncomingRequest) -> (ResourceOperation, [String: String])? {
        let method = request.method == "HEAD" ? "GET" : request.method
        if let captures = path.match(request.path) {
            switch method {
            case "GET": return (.list, captures)
            case "POST": return (.create, captures)
            default: return nil
            }
        }
        guard let captures = itemPath.match(request.path), let id = captures["id"] else { return nil }
        switch method {
        case "GET": return (.fetch(id: id), captures)
        case "PUT", "PATCH": return (.update(id: id), captures)
        case "DELETE": return (.delete(id: id), captures)
        default: return nil
        }
    }

    /// Why a request is not this resource's, for the near-miss report.
    func differences(_ request: IncomingRequest) -> [String] {
        if path.match(request.path) != nil { return ["method: \(path.text) answers GET and POST, got \(request.method)"] }
        if itemPath.match(request.path) != nil { return ["method: \(itemPath.text) answers GET, PUT, PATCH and DELETE, got \(request.method)"] }
        return ["path: expected \(path.text) or \(itemPath.text), got \(request.path)"]
    }
}
