import EmuData
import EmuRouting
import LCWire

/// One custom route: a stub (`request` → `response`) or a `resource`, with an optional scenario
/// step and its `priority` in the route order (`CustomRoutes`). A stub may require a logged-in
/// caller (`auth`) and run `actions` on the store before it answers, with answers of its own for
/// nothing found (`notFound`) and a refused write (`error`). Keeps its definition as written, for
/// `GET /__admin/routes`.
package struct CustomRoute: Sendable {
    package enum Kind: Sendable {
        case stub(RequestPattern, ResponseSpec)
        case resource(ResourceSpec)
    }

    static let keys = ["id", "priority", "request", "response", "resource", "scenario", "description",
                       "auth", "actions", "notFound", "error"]
    /// Lower first; the default leaves room on both sides (a test's override takes 1).
    static let priorities = 1...10
    static let defaultPriority = 5

    package let id: String
    package let kind: Kind
    let scenario: ScenarioStep?
    let priority: Int
    /// A stub's required caller (`{{caller}}`); nil: anyone.
    package let auth: RouteAuth?
    /// A stub's steps on the store, run before it answers (`{{actions.<name>}}`).
    let actions: [RouteAction]
    /// A stub's answer when a required action finds nothing; nil: 404 with LeanCloud's 101.
    let notFound: ResponseSpec?
    /// A stub's answer when the store refuses an action; nil: 400 with the store's code.
    let errorAnswer: ResponseSpec?
    /// The definition as written (with its id).
    let definition: JSONObject
    /// The file it came from, or `api` for a route added over HTTP.
    let source: String

    /// Parses a definition; `fallbackId` names a route that gives no `id`. Errors name the route.
    init(json: JSON, fallbackId: String, source: String, routesFolder: RoutesFolder) throws {
        guard var object = json.objectValue else { throw RouteDefinitionError(route: fallbackId, field: "", "expected an object") }
        let id: String
        if let given = object["id"] {
            guard let text = given.stringValue, Self.isValidId(text) else {
                throw RouteDefinitionError(route: fallbackId, field: "id", "expected 1 to 100 letters, digits, '-', '_' or '.'")
            }
            id = text
        } else {
            id = fallbackId
            object["id"] = .string(id)
        }
        do {
            try Self.checkSize(object)
            try RouteJSON.rejectUnknownKeys(object, known: Self.keys)
            priority = try RouteJSON.int(object, "priority", in: Self.priorities) ?? Self.defaultPriority
            let stub = try StubParts(object, routesFolder: routesFolder)
            kind = try stub.map { .stub($0.pattern, $0.response) } ?? Self.resource(object)
            (auth, actions, notFound, errorAnswer) = (stub?.auth, stub?.actions ?? [], stub?.notFound, stub?.error)
            scenario = try object["scenario"].map { json in try RouteJSON.at("scenario") { try ScenarioStep(json: json) } }
        } catch var error as RouteDefinitionError {
            error.route = id
            throw error
        }
        self.id = id
        self.definition = object
        self.source = source
    }

    private static func resource(_ object: JSONObject) throws -> Kind {
        guard let resource = object["resource"] else { throw RouteDefinitionError(field: "request", "required (or a \"resource\")") }
        guard object["request"] == nil, object["response"] == nil else {
            throw RouteDefinitionError(field: "resource", "a resource has no request or response of its own")
        }
        for key in ["actions", "notFound", "error", "auth"] where object[key] != nil {
            throw RouteDefinitionError(field: key, "a stub's key (a resource declares its own inside \"resource\")")
        }
        return .resource(try RouteJSON.at("resource") { try ResourceSpec(json: resource) })
    }

    /// A definition larger than a body may be is refused, whole.
    private static func checkSize(_ object: JSONObject) throws {
        let size = JSON.object(object).serialized().count
        guard size <= CustomRouteLimits.maxBodyBytes else {
            throw RouteDefinitionError(field: "", "the definition is \(size) bytes, over the \(CustomRouteLimits.maxBodyBytes)-byte limit")
        }
    }

    static func isValidId(_ id: String) -> Bool {
        (1...100).contains(id.utf8.count) && id.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D || $0 == 0x5F || $0 == 0x2E
        }
    }

    /// The definition with its source, as `GET /__admin/routes` lists it.
    var json: JSON {
        var object = definition
        if object["priority"] == nil { object["priority"] = JSON(priority) }
        object["source"] = .string(source)
        return .object(object)
    }

    /// Whether matching it may run a regular expression (a stub's `matches` matcher).
    var usesRegex: Bool {
        if case .stub(let pattern, _) = kind { return pattern.usesRegex }
        return false
    }

    /// The path template it answers on (a resource: its collection path).
    var pathText: String {
        switch kind {
        case .stub(let pattern, _): return pattern.path.text
        case .resource(let spec): return spec.path.text
        }
    }
}

// MARK: - A stub's parts

/// A stub's keys, parsed in the order their placeholders may name each other: `auth` gives
/// `caller`, each action names the ones before it, and the answers name them all.
private struct StubParts {
    let pattern: RequestPattern
    let response: ResponseSpec
    let auth: RouteAuth?
    let actions: [RouteAction]
    let notFound: ResponseSpec?
    let error: ResponseSpec?

    /// nil when the route is a resource.
    init?(_ object: JSONObject, routesFolder: RoutesFolder) throws {
        guard object["resource"] == nil else { return nil }
        guard let request = object["request"] else { throw RouteDefinitionError(field: "request", "required (or a \"resource\")") }
        pattern = try RouteJSON.at("request") { try RequestPattern(json: request) }
        let captures = pattern.path.captureNames
        auth = try object["auth"].map { json in try RouteJSON.at("auth") { try RouteAuth(json: json, captures: captures, routesFolder: routesFolder) } }
        var scope = Template.Scope(captures: captures, hasCaller: auth != nil)
        actions = try object["actions"].map { json in try RouteJSON.at("actions") { try RouteAction.list(json, scope: scope) } } ?? []
        for key in ["notFound", "error"] where object[key] != nil && actions.isEmpty {
            throw RouteDefinitionError(field: key, "answers a failed action: give \"actions\"")
        }
        let failureScope = Template.Scope(captures: captures, extra: ["error", "code"], hasCaller: auth != nil)
        notFound = try Self.answer(object, "notFound", failureScope, routesFolder, defaultStatus: 404)
        error = try Self.answer(object, "error", failureScope, routesFolder, defaultStatus: 400)
        scope.actions = actions.map(\.name)
        guard let responseObject = (object["response"] ?? .object(JSONObject())).objectValue else {
            throw RouteDefinitionError(field: "response", "expected an object")
        }
        response = try RouteJSON.at("response") { try ResponseSpec(json: responseObject, scope: scope, routesFolder: routesFolder) }
    }

    private static func answer(_ object: JSONObject, _ key: String, _ scope: Template.Scope, _ routesFolder: RoutesFolder,
                               defaultStatus: Int) throws -> ResponseSpec? {
        guard let value = object[key] else { return nil }
        guard let answer = value.objectValue else { throw RouteDefinitionError(field: key, "expected an object") }
        return try RouteJSON.at(key) {
            try ResponseSpec(json: answer, scope: scope, routesFolder: routesFolder, keys: ResponseSpec.answerKeys, defaultStatus: defaultStatus)
        }
    }
}

// MARK: - ScenarioStep

/// A route's place in a scenario (WireMock's state machines): it answers only while the scenario
/// is in `requiredState` (any state when nil), and then moves it to `newState`. Every scenario
/// starts in `Started`; `POST /__admin/reset` puts it back.
struct ScenarioStep: Sendable {
    static let keys = ["name", "requiredState", "newState"]
    static let initialState = "Started"

    let name: String
    let requiredState: String?
    let newState: String?

    init(json: JSON) throws {
        guard let object = json.objectValue else { throw RouteDefinitionError(field: "", "expected {\"name\", \"requiredState\"?, \"newState\"?}") }
        try RouteJSON.rejectUnknownKeys(object, known: Self.keys)
        guard let name = try RouteJSON.string(object, "name"), !name.isEmpty else { throw RouteDefinitionError(field: "name", "required: a non-empty string") }
        self.name = name
        requiredState = try RouteJSON.string(object, "requiredState")
        newState = try RouteJSON.string(object, "newState")
        guard requiredState != nil || newState != nil else { throw RouteDefinitionError(field: "", "give requiredState, newState, or both") }
    }
}
