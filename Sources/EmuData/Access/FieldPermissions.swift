import LCWire

/// Field permissions (spec §6.3, the console's per-field settings), from the app option
/// `fieldPermissions`: `{"Post": {"readOnly": ["views"], "invisible": ["secret"]}}`. Both bind
/// clients only; the master key reads and writes every field (docs/access-control.md).
/// - read-only: a client create or update that sets the field is refused, 117 `The key is read only.`
/// - invisible: left out of every object a client receives (fetch, queries, `include`, batch).
public struct FieldPermissions: Sendable, Equatable {
    private var readOnly: [String: Set<String>] = [:]
    private var invisible: [String: Set<String>] = [:]

    public init() {}

    func isReadOnly(_ key: String, in className: String) -> Bool { readOnly[className]?.contains(key) ?? false }
    /// Whether `key` is a client-invisible field of the class: left out of answers, and not
    /// testable in a query (`QueryScope.requireTestable`).
    func isInvisible(_ key: String, in className: String) -> Bool { invisible[className]?.contains(key) ?? false }
    /// Whether the class has client-invisible fields; without them `hidingInvisible` changes nothing.
    func hidesFields(of className: String) -> Bool { invisible[className] != nil }
    /// `object` without the class's client-invisible fields: every client answer goes through it.
    func hidingInvisible(_ object: JSONObject, of className: String) -> JSONObject {
        guard let hidden = invisible[className] else { return object }
        var object = object
        for key in hidden { object.removeValue(forKey: key) }
        return object
    }
    public var isEmpty: Bool { readOnly.isEmpty && invisible.isEmpty }

    /// Reads the option; a bad class name, setting or field name is an error naming it.
    init(json: JSON) throws {
        guard let classes = json.objectValue else { throw ConfigurationError("expected an object of classes, got \(json.jsonString)") }
        for (className, value) in classes {
            guard LCNames.isValidClassName(className) else { throw ConfigurationError("'\(className)' is not a class name") }
            guard let settings = value.objectValue else {
                throw ConfigurationError("\(className): expected {\"readOnly\": […], \"invisible\": […]}")
            }
            for (setting, list) in settings {
                let fields = try Self.fieldNames(list, at: "\(className).\(setting)")
                switch setting {
                case "readOnly": readOnly[className, default: []].formUnion(fields)
                case "invisible": invisible[className, default: []].formUnion(fields)
                default: throw ConfigurationError("\(className): unknown setting '\(setting)' (known: readOnly, invisible)")
                }
            }
        }
    }

    private static func fieldNames(_ list: JSON, at location: String) throws -> [String] {
        guard let items = list.arrayValue else { throw ConfigurationError("\(location): expected an array of field names") }
        return try items.map { item in
            guard let name = item.stringValue, LCNames.isValidFieldName(name), !LCFieldName.serverManaged.contains(name) else {
                throw ConfigurationError("\(location): '\(item.stringValue ?? item.jsonString)' is not a field a client could set")
            }
            return name
        }
    }
}
