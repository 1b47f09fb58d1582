import EmuData
import EmuRouting
import LCWire

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
