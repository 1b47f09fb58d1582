import EmuData
import EmuRouting
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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

    /// Whether matching may run a regular expression, and so take up to the request's budget.
    var usesRegex: Bool { conditions.contains { if case .matches = $0 { true } else { false } } }

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

    /// Whether `value` (nil: the field is missing) satisfies every condition.
    func holds(_ value: JSON?, within budget: RequestRegexBudget) throws(RequestRegexBudget.Exhausted) -> Bool {
        for condition in conditions where !(try Self.holds(condition, value, budget)) { return false }
        return true
    }

    /// Nil when `value` satisfies every condition, else why not. `secret` masks the caller's
    /// value too: near-miss reports reach the client and the journal.
    func mismatch(_ value: JSON?, secret: Bool, within budget: RequestRegexBudget) -> RouteDifference? {
        for condition in conditions {
            do {
                if try Self.holds(condition, value, budget) { continue }
            } catch {
                return RouteDifference("not checked: the request's regex time budget ran out")
            }
            return Self.describe(condition, got: value.map { secret ? Redaction.mask : $0.jsonString })
        }
        return nil
    }

    private static func holds(_ condition: Condition, _ value: JSON?,
                              _ budget: RequestRegexBudget) throws(RequestRegexBudget.Exhausted) -> Bool {
        if case .present(let wanted) = condition { return (value != nil) == wanted }
        guard let value else { return false }
        switch condition {
        case .present: return true
        case .equals(let expected): return value == expected || text(value) == text(expected)
        case .matches(let regex): return try regex.matches(text(value), within: budget)
        case .contains(let part):
            if let items = value.arrayValue { return items.contains { $0 == part || text($0) == text(part) } }
            return text(value).contains(text(part))
        }
    }

    /// Why a condition failed for `got` (the value as shown; nil: missing), with and without
    /// what the route expected.
    private static func describe(_ condition: Condition, got: String?) -> RouteDifference {
        switch (condition, got) {
        case (.present, nil): return RouteDifference("missing")
        case (.present, _?): return RouteDifference("present, expected absent")
        case (.equals(let expected), nil): return RouteDifference(summary: "missing", detail: "missing, expected \(expected.jsonString)")
        case (.equals(let expected), let got?):
            return RouteDifference(summary: "\(got) is not the expected value", detail: "\(got) is not \(expected.jsonString)")
        case (.matches(let regex), nil): return RouteDifference(summary: "missing", detail: "missing, expected to match \(regex.pattern)")
        case (.matches(let regex), let got?):
            return RouteDifference(summary: "\(got) does not match", detail: "\(got) does not match \(regex.pattern)")
        case (.contains(let part), nil): return RouteDifference(summary: "missing", detail: "missing, expected to contain \(part.jsonString)")
        case (.contains(let part), let got?):
            return RouteDifference(summary: "\(got) does not contain the expected value", detail: "\(got) does not contain \(part.jsonString)")
        }
    }

    /// A value as text: a string as it is, anything else as its JSON.
    static func text(_ value: JSON) -> String { value.stringValue ?? value.jsonString }
}
