import Foundation
import LCWire

/// One condition on a header, query parameter or body field of a request. Written as an object
/// of matcher names (`{"matches": "^1[3-9][0-9]{9}$"}`, several names all must hold) or as a bare
/// value, which means `equals`.
struct FieldMatcher: Sendable {
    enum Condition: Sendable {
        /// The value, compared loosely: `1` equals the form field `"1"` (forms and queries carry text).
        case equals(JSON)
        /// A regular expression that must match somewhere in the value's text (`^…$` for all of it).
        case matches(RouteRegex)
        case present(Bool)
        /// A substring of a text value, or an element of an array.
        case contains(JSON)
    }

    static let names = ["equals", "matches", "present", "absent", "contains"]

    let conditions: [Condition]
    /// The definition as written, for listings.
    let json: JSON

    init(json: JSON) throws {
        self.json = json
        guard let object = json.objectValue else {
            conditions = [.equals(json)]
            return
        }
        guard !object.isEmpty else { throw RouteDefinitionError(field: "", "give a matcher: \(Self.names.joined(separator: ", "))") }
        var conditions: [Condition] = []
        for (name, value) in object {
            switch name {
            case "equals": conditions.append(.equals(value))
            case "contains": conditions.append(.contains(value))
            case "matches":
                guard let pattern = value.stringValue else { throw RouteDefinitionError(field: name, "expected a regex string") }
                conditions.append(.matches(try RouteRegex(pattern).orFail(field: name)))
            case "present", "absent":
                guard let flag = value.boolValue else { throw RouteDefinitionError(field: name, "expected true or false") }
                conditions.append(.present(name == "present" ? flag : !flag))
            default:
                throw RouteDefinitionError(field: name, "unknown matcher (known: \(Self.names.joined(separator: ", ")))")
            }
        }
        self.conditions = conditions
    }

    /// Nil when `value` (nil: the field is missing) satisfies every condition, else why not.
    /// `secret` masks the value in the reason: near-miss reports reach the client and the journal.
    func mismatch(_ value: JSON?, secret: Bool = false) -> String? {
        for condition in conditions {
            if let reason = Self.mismatch(condition, value) {
                guard secret, let value else { return reason }
                return reason.replacingOccurrences(of: value.jsonString, with: Redaction.mask)
            }
        }
        return nil
    }

    private static func mismatch(_ condition: Condition, _ value: JSON?) -> String? {
        switch condition {
        case .present(let wanted):
            if wanted { return value == nil ? "missing" : nil }
            return value == nil ? nil : "present, expected absent"
        case .equals(let expected):
            guard let value else { return "missing, expected \(expected.jsonString)" }
            return value == expected || text(value) == text(expected) ? nil : "\(value.jsonString) is not \(expected.jsonString)"
        case .matches(let regex):
            guard let value else { return "missing, expected to match \(regex.pattern)" }
            return regex.matches(text(value)) ? nil : "\(value.jsonString) does not match \(regex.pattern)"
        case .contains(let part):
            guard let value else { return "missing, expected to contain \(part.jsonString)" }
            if let items = value.arrayValue {
                return items.contains { $0 == part || text($0) == text(part) } ? nil : "\(value.jsonString) does not contain \(part.jsonString)"
            }
            return text(value).contains(text(part)) ? nil : "\(value.jsonString) does not contain \(part.jsonString)"
        }
    }

    /// A value as text: a string as it is, anything else as its JSON.
    static func text(_ value: JSON) -> String { value.stringValue ?? value.jsonString }
}
