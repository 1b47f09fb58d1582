import LCWire

/// Typed reads of config file values, each failing with a message that says what was expected.
enum ConfigValue {
    static func string(_ value: JSON) throws -> String {
        guard let text = value.stringValue else { throw ConfigurationError("expected a string, got \(value.jsonString)") }
        return text
    }

    /// A number of seconds: finite, not negative, at most a day; zero only where it means "off".
    static func seconds(_ value: JSON, allowZero: Bool) throws -> Double {
        guard case .number(let seconds) = value else {
            throw ConfigurationError("expected a number of seconds, got \(value.jsonString)")
        }
        let lower = allowZero ? "0" : "more than 0"
        guard seconds.isFinite, seconds >= 0, allowZero || seconds > 0, seconds <= 86_400 else {
            throw ConfigurationError("must be \(lower) and at most 86400 seconds, got \(value.jsonString)")
        }
        return seconds
    }

    static func object(_ value: JSON) throws -> JSONObject {
        guard let object = value.objectValue else { throw ConfigurationError("expected an object, got \(value.jsonString)") }
        return object
    }
}
