import EmuData
import EmuRouting
import LCWire

/// One step of a stub route's `"actions"`: a write to, or a computation over, the app's store,
/// whose result the response reads as `{{actions.<name>}}`. Every value may hold placeholders,
/// rendered when the step runs (so a step reads the caller and the steps before it). The steps
/// of a route run in order in one transaction (`RouteActionRunner`).
struct RouteAction: Sendable {
    /// The class a step works on: named, or through a resource route's id (whose class it maps).
    enum Target: Sendable, Equatable {
        case className(String)
        case resource(String)
    }

    /// Which objects a step reads or changes: one by `objectId`, or every match of a `where`.
    enum Selector: Sendable {
        case id(JSON)
        case matching(JSON)
    }

    enum Operation: Sendable {
        case create(fields: JSON)
        case update(Selector, set: JSON?, increment: JSON?, unset: [String])
        case delete(Selector)
        case count(where: JSON?)
        case sum(field: String, where: JSON?)
        case find(Selector, order: String?)
        /// A `_User` by `username`, `email` or `mobilePhoneNumber` (read only).
        case findUser(field: String, value: JSON)
    }

    static let operations = ["create", "update", "delete", "count", "sum", "find", "findUser"]
    static let userFields = [LCFieldName.username, LCFieldName.email, LCFieldName.mobilePhoneNumber]

    let name: String
    /// nil for `findUser`, which always reads `_User`.
    let target: Target?
    let operation: Operation
    /// Nothing matched → the route answers `notFound` and nothing is written.
    let required: Bool

    /// Whether it writes (else the steps may run in a read transaction).
    var writes: Bool {
        switch operation {
        case .create, .update, .delete: return true
        case .count, .sum, .find, .findUser: return false
        }
    }

    /// - Parameter scope: what its placeholders may name (the steps before it among `actions`).
    init(json: JSON, scope: Template.Scope) throws {
        guard let object = json.objectValue else { throw RouteDefinitionError(field: "", "expected {\"name\", \"<operation>\": {…}}") }
        try RouteJSON.rejectUnknownKeys(object, known: ["name"] + Self.operations)
        guard let name = try RouteJSON.string(object, "name"), LCNames.isValidFieldName(name) else {
            throw RouteDefinitionError(field: "name", "required: a name of letters, digits and '_' ({{actions.<name>}})")
        }
        self.name = name
        let given = Self.operations.filter { object[$0] != nil }
        guard given.count == 1, let kind = given.first, let body = object[kind]?.objectValue else {
            throw RouteDefinitionError(field: "", "give exactly one of \(Self.operations.joined(separator: ", ")), as an object")
        }
        (target, operation, required) = try RouteJSON.at(kind) { try Self.parse(kind, body) }
        try RouteJSON.at(kind) { try Template.validate(.object(body), scope) }
    }

    private static func parse(_ kind: String, _ body: JSONObject) throws -> (Target?, Operation, Bool) {
        let selectorKeys = ["id", "where"]
        switch kind {
        case "create":
            try RouteJSON.rejectUnknownKeys(body, known: ["class", "resource", "fields"])
            return (try target(body), .create(fields: try object(body, "fields") ?? .object(JSONObject())), false)
        case "update":
            try RouteJSON.rejectUnknownKeys(body, known: ["class", "resource", "set", "increment", "unset", "required"] + selectorKeys)
            let increment = try object(body, "increment")
            if let values = increment?.objectValue, let bad = values.first(where: { $0.value.doubleValue == nil && !isTemplate($0.value) }) {
                throw RouteDefinitionError(field: "increment.\(bad.key)", "expected a number (or a placeholder)")
            }
            let unset = try names(body, "unset")
            let set = try object(body, "set")
            guard set != nil || increment != nil || !unset.isEmpty else {
                throw RouteDefinitionError(field: "", "give set, increment or unset")
            }
            let selector = try selector(body)
            return (try target(body), .update(selector, set: set, increment: increment, unset: unset),
                    try required(body, default: selector.isId))
        case "delete":
            try RouteJSON.rejectUnknownKeys(body, known: ["class", "resource", "required"] + selectorKeys)
            let selector = try selector(body)
            return (try target(body), .delete(selector), try required(body, default: selector.isId))
        case "count":
            try RouteJSON.rejectUnknownKeys(body, known: ["class", "resource", "where"])
            return (try target(body), .count(where: try object(body, "where")), false)
        case "sum":
            try RouteJSON.rejectUnknownKeys(body, known: ["class", "resource", "field", "where"])
            guard let field = try RouteJSON.string(body, "field"), LCNames.isValidFieldName(field) else {
                throw RouteDefinitionError(field: "field", "required: the number field to add up")
            }
            return (try target(body), .sum(field: field, where: try object(body, "where")), false)
        case "find":
            try RouteJSON.rejectUnknownKeys(body, known: ["class", "resource", "order", "required"] + selectorKeys)
            return (try target(body), .find(try selector(body), order: try RouteJSON.string(body, "order")), try required(body, default: true))
        default:  // findUser
            try RouteJSON.rejectUnknownKeys(body, known: userFields + ["required"])
            let given = userFields.filter { body[$0] != nil }
            guard given.count == 1, let field = given.first, let value = body[field], value.stringValue != nil else {
                throw RouteDefinitionError(field: "", "give one of username, email, mobilePhoneNumber as a string")
            }
            return (nil, .findUser(field: field, value: value), try required(body, default: true))
        }
    }

    private static func target(_ body: JSONObject) throws -> Target {
        switch (try RouteJSON.string(body, "class"), try RouteJSON.string(body, "resource")) {
        case (let name?, nil):
            guard LCNames.isValidClassName(name) else { throw RouteDefinitionError(field: "class", "'\(name)' is not a valid class name") }
            // Actions run with the master key's reach, as resources do: never on the system
            // classes, whose objects carry credentials (`findUser` reads users, read only).
            guard !name.hasPrefix("_") else {
                throw RouteDefinitionError(field: "class", "'\(name)' is a system class; actions work only on the app's own classes")
            }
            return .className(name)
        case (nil, let id?):
            guard CustomRoute.isValidId(id) else { throw RouteDefinitionError(field: "resource", "expected a resource route's id") }
            return .resource(id)
        default:
            throw RouteDefinitionError(field: "", "give one of class and resource")
        }
    }

    private static func selector(_ body: JSONObject) throws -> Selector {
        switch (body["id"], body["where"]) {
        case (let id?, nil):
            guard id.stringValue != nil else { throw RouteDefinitionError(field: "id", "expected a string (an objectId or a placeholder)") }
            return .id(id)
        case (nil, let query?):
            guard query.objectValue != nil else { throw RouteDefinitionError(field: "where", "expected a LeanCloud where object") }
            return .matching(query)
        default:
            throw RouteDefinitionError(field: "", "give one of id and where")
        }
    }

    private static func object(_ body: JSONObject, _ key: String) throws -> JSON? {
        guard let value = body[key] else { return nil }
        guard value.objectValue != nil else { throw RouteDefinitionError(field: key, "expected an object") }
        return value
    }

    private static func names(_ body: JSONObject, _ key: String) throws -> [String] {
        guard let value = body[key] else { return [] }
        guard let items = value.arrayValue, items.allSatisfy({ $0.stringValue.map(LCNames.isValidFieldName) == true }) else {
            throw RouteDefinitionError(field: key, "expected an array of field names")
        }
        return items.compactMap(\.stringValue)
    }

    private static func required(_ body: JSONObject, default value: Bool) throws -> Bool {
        switch body["required"] {
        case nil: return value
        case .bool(let given)?: return given
        default: throw RouteDefinitionError(field: "required", "expected true or false")
        }
    }

    private static func isTemplate(_ value: JSON) -> Bool {
        value.stringValue.map { !Template.placeholders(in: $0).isEmpty } ?? false
    }
}

extension RouteAction.Selector {
    var isId: Bool {
        if case .id = self { return true }
        return false
    }
}

extension RouteAction {
    /// The most steps a route may have.
    static let maxActions = 20
    /// The most objects one `update` or `delete` with `where` changes.
    static let maxMatches = 1_000

    /// A route's `actions`: each step's placeholders may name the steps before it.
    static func list(_ json: JSON, scope: Template.Scope) throws -> [RouteAction] {
        guard let items = json.arrayValue, !items.isEmpty else { throw RouteDefinitionError(field: "", "expected a non-empty array of actions") }
        guard items.count <= maxActions else { throw RouteDefinitionError(field: "", "at most \(maxActions) actions per route") }
        var actions: [RouteAction] = []
        var scope = scope
        for (index, item) in items.enumerated() {
            let action = try RouteJSON.at("\(index)") { try RouteAction(json: item, scope: scope) }
            guard !scope.actions.contains(action.name) else {
                throw RouteDefinitionError(field: "\(index).name", "'\(action.name)' names an earlier action too")
            }
            scope.actions.append(action.name)
            actions.append(action)
        }
        return actions
    }
}
