import EmuData
import EmuRouting
import LCWire

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

// MARK: - RouteFileError

/// A route file that cannot be loaded: the path in front of the route's error.
public struct RouteFileError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String
    public var description: String { "route file \(path): \(reason)" }
}

// MARK: - RouteJSON

/// Small readers shared by the definition parsers; each error names its field.
enum RouteJSON {
    /// Unknown keys are errors: a typo (`"staus"`) must not silently leave a default in place.
    static func rejectUnknownKeys(_ object: JSONObject, known: [String]) throws {
        for key in object.keys where !known.contains(key) {
            throw RouteDefinitionError(field: key, "unknown field (known: \(known.joined(separator: ", ")))")
        }
    }

    static func int(_ object: JSONObject, _ key: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let value = object[key] else { return nil }
        guard let number = value.intValue, range.contains(number) else {
            throw RouteDefinitionError(field: key, "expected an integer in \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    static func string(_ object: JSONObject, _ key: String) throws -> String? {
        guard let value = object[key] else { return nil }
        guard let text = value.stringValue else { throw RouteDefinitionError(field: key, "expected a string") }
        return text
    }
}

extension RouteJSON {
    /// Runs `body`, putting `field` in front of the field of a definition error it throws.
    static func at<T>(_ field: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as RouteDefinitionError { throw error.at(field) }
    }
}
