import EmuData
import EmuRouting

/// What is wrong with a route definition, naming the route and the field, so one line tells the
/// user where to look: `route 'login': request.body.username.matches: regex does not compile`.
/// Files add their path in front (`RouteFileError`); the admin API answers it as a 400.
public struct RouteDefinitionError: Error, CustomStringConvertible, Sendable {
    /// The route's id, or `#<index>` when it has none yet.
    public var route: String
    /// The dotted path of the offending field, e.g. `response.delayMs`; empty for the whole route.
    public var field: String
    public var reason: String

    init(route: String = "", field: String, _ reason: String) {
        self.route = route
        self.field = field
        self.reason = reason
    }

    /// The same error one level further down: `at("request")` turns `path` into `request.path`.
    func at(_ parent: String) -> RouteDefinitionError {
        var copy = self
        copy.field = field.isEmpty ? parent : "\(parent).\(field)"
        return copy
    }

    public var description: String {
        let place = field.isEmpty ? "" : "\(field): "
        return route.isEmpty ? "\(place)\(reason)" : "route '\(route)': \(place)\(reason)"
    }
}
