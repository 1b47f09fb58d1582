import EmuData
import EmuRouting
import LCWire

/// What a resource stores a text field as (`"fieldTypes": {"type": "number"}`): a form sends
/// `type=2` as text, but the class may hold `type` as a number.
enum FieldTextType: String, Sendable, CaseIterable {
    case number, boolean, string

    static func map(_ json: JSON?) throws -> [String: FieldTextType] {
        guard let json else { return [:] }
        guard let object = json.objectValue else { throw RouteDefinitionError(field: "", "expected an object of field → number, boolean or string") }
        var types: [String: FieldTextType] = [:]
        for (name, value) in object {
            guard let type = value.stringValue.flatMap(FieldTextType.init(rawValue:)) else {
                throw RouteDefinitionError(field: name, "expected \(allCases.map(\.rawValue).joined(separator: ", "))")
            }
            types[name] = type
        }
        return types
    }

    /// The text converted; text that does not convert stays text, for LeanCloud's own type check to refuse.
    /// A number JSON cannot carry (`1e400`, `nan`) is null, as JSON writes it.
    func convert(_ value: JSON) -> JSON {
        guard let text = value.stringValue else { return value }
        switch self {
        case .string: return value
        case .number: return Double(text).map { $0.isFinite ? .number($0) : .null } ?? value
        case .boolean: return text == "true" || text == "1" ? .bool(true) : text == "false" || text == "0" ? .bool(false) : value
        }
    }
}
