import EmuData
import EmuRouting
import LCWire

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
