import EmuData
import EmuRouting
import LCWire

/// One custom route: a stub (`request` → `response`) or a `resource`, with an optional scenario
/// step. Keeps its definition as written, for `GET /__admin/routes`.
package struct CustomRoute: Sendable {
    package enum Kind: Sendable {
        case stub(RequestPattern, ResponseSpec)
        case resource(ResourceSpec)
    }

    static let keys = ["id", "request", "response", "resource", "scenario", "description"]

    package let id: String
    package let kind: Kind
    let scenario: ScenarioStep?
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
            kind = try Self.kind(object, routesFolder: routesFolder)
            scenario = try object["scenario"].map { json in try RouteJSON.at("scenario") { try ScenarioStep(json: json) } }
        } catch var error as RouteDefinitionError {
            error.route = id
            throw error
        }
        self.id = id
        self.definition = object
        self.source = source
    }

    private static func kind(_ object: JSONObject, routesFolder: RoutesFolder) throws -> Kind {
        if let resource = object["resource"] {
            guard object["request"] == nil, object["response"] == nil else {
                throw RouteDefinitionError(field: "resource", "a resource has no request or response of its own")
            }
            return .resource(try RouteJSON.at("resource") { try ResourceSpec(json: resource) })
        }
        guard let request = object["request"] else { throw RouteDefinitionError(field: "request", "required (or a \"resource\")") }
        let pattern = try RouteJSON.at("request") { try RequestPattern(json: request) }
        guard let responseObject = (object["response"] ?? .object(JSONObject())).objectValue else {
            throw RouteDefinitionError(field: "response", "expected an object")
        }
        let response = try RouteJSON.at("response") {
            try ResponseSpec(json: responseObject, captures: pattern.path.captureNames, routesFolder: routesFolder)
        }
        return .stub(pattern, response)
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
