import EmuData
import LCWire

/// A resource's declared fields (`"fields"`): the shape an app's own server answered in. When
/// declared, answers carry exactly these fields under their wire names (`comment_id`), writes
/// store only the writable ones under their store names (`commentId`) — a form's `tick` is
/// dropped, not stored — text is converted by type, and dates take the declared format. The
/// objects stay ordinary LeanCloud objects in the store; only the resource's view is shaped.
struct ResourceFields: Sendable {
    static let keys = ["store", "type", "format", "timeZone", "writable", "default"]
    /// Fields the store sets itself: answered, never written by a resource.
    static let storeOwned = ["objectId", "createdAt", "updatedAt"]

    /// In declaration order, which is the answers' key order.
    let all: [ResourceField]

    /// - Parameter hasCaller: the resource has `auth`, so a `default` may name `{{caller…}}`.
    init(json: JSON, captures: [String], hasCaller: Bool = false) throws {
        guard let object = json.objectValue, !object.isEmpty else {
            throw RouteDefinitionError(field: "", "expected an object of wire name → type or {\"store\", \"type\", \"format\", \"writable\", \"default\"}")
        }
        var fields: [ResourceField] = []
        for (name, spec) in object {
            let field = try RouteJSON.at(name) { try ResourceField(name: name, json: spec, captures: captures, hasCaller: hasCaller) }
            if let other = fields.first(where: { $0.store == field.store }) {
                throw RouteDefinitionError(field: name, "stored as '\(field.store)', which field '\(other.name)' is stored as already")
            }
            fields.append(field)
        }
        all = fields
    }

    func field(named name: String) -> ResourceField? { all.first { $0.name == name } }

    /// The store's name of a wire name; a name not declared is its own.
    func storeName(_ name: String) -> String { field(named: name)?.store ?? name }

    /// A stored object as the wire shows it: the declared fields present in it, in order.
    func answer(_ stored: JSONObject) -> JSONObject {
        var shown = JSONObject()
        for field in all {
            guard let value = stored[field.store] else { continue }
            shown[field.name] = field.shown(value)
        }
        return shown
    }

    /// What a write stores of `body`: each writable declared field not in `excluded` (the id on
    /// an update, the parent), converted; others are dropped. With `defaults` (a create), each
    /// absent field that has a default gets it rendered (a null default is not stored).
    func stored(_ body: JSONObject, excluding excluded: Set<String>, defaults: TemplateContext?) throws -> JSONObject {
        var stored = JSONObject()
        for field in all where field.writable && !excluded.contains(field.name) {
            if let value = body[field.name] {
                stored[field.store] = try field.stored(value)
            } else if let defaults, let template = field.defaultValue {
                let value = try field.stored(Template.rendering(template, defaults))
                if !value.isNull { stored[field.store] = value }
            }
        }
        return stored
    }
}

// MARK: - ResourceField

/// One declared field: its wire name, where the store keeps it, its type and, for a date, its format.
struct ResourceField: Sendable {
    enum FieldType: String, Sendable, CaseIterable {
        case integer, number, string, boolean, object, array, date
    }

    let name: String
    let store: String
    /// Nil: any JSON value, stored and answered as it is.
    let type: FieldType?
    /// A date's format (a `date` field, `createdAt`, `updatedAt`).
    let dateFormat: ResourceDateFormat?
    let writable: Bool
    /// Stored on create when the body lacks it; templates rendered with the request.
    let defaultValue: JSON?

    init(name: String, json: JSON, captures: [String], hasCaller: Bool = false) throws {
        guard !name.isEmpty else { throw RouteDefinitionError(field: "", "a wire name is not empty") }
        self.name = name
        var object = JSONObject()
        if let typeName = json.stringValue {
            guard FieldType(rawValue: typeName) != nil else {
                throw RouteDefinitionError(field: "", "expected a type (\(FieldType.allCases.map(\.rawValue).joined(separator: ", "))) or an object")
            }
            object["type"] = .string(typeName)
        } else if let given = json.objectValue {
            object = given
        } else {
            throw RouteDefinitionError(field: "", "expected a type (\(FieldType.allCases.map(\.rawValue).joined(separator: ", "))) or an object")
        }
        try RouteJSON.rejectUnknownKeys(object, known: ResourceFields.keys)
        store = try RouteJSON.string(object, "store") ?? name
        guard LCNames.isValidFieldName(store) else {
            throw RouteDefinitionError(field: object["store"] == nil ? "" : "store", "'\(store)' is not a field name of the store (give \"store\")")
        }
        let storeOwned = ResourceFields.storeOwned.contains(store)
        let isStoreDate = store == "createdAt" || store == "updatedAt"
        if let typeName = try RouteJSON.string(object, "type") {
            guard let type = FieldType(rawValue: typeName) else {
                throw RouteDefinitionError(field: "type", "expected \(FieldType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard !isStoreDate || type == .date else { throw RouteDefinitionError(field: "type", "\(store) is a date") }
            guard store != "objectId" || type == .string else { throw RouteDefinitionError(field: "type", "objectId is a string") }
            self.type = type
        } else {
            type = isStoreDate ? .date : nil
        }
        let format = try RouteJSON.string(object, "format")
        let timeZone = try RouteJSON.string(object, "timeZone")
        if type == .date {
            dateFormat = try ResourceDateFormat(format: format ?? "iso", timeZone: timeZone)
        } else {
            guard format == nil, timeZone == nil else { throw RouteDefinitionError(field: format == nil ? "timeZone" : "format", "only a date field has a format") }
            dateFormat = nil
        }
        if let writable = object["writable"] {
            guard let flag = writable.boolValue else { throw RouteDefinitionError(field: "writable", "expected true or false") }
            guard !(flag && storeOwned) else { throw RouteDefinitionError(field: "writable", "\(store) is set by the store, never written") }
            self.writable = flag
        } else {
            writable = !storeOwned
        }
        defaultValue = object["default"]
        if let defaultValue {
            guard writable else { throw RouteDefinitionError(field: "default", "a field that is not writable has no default") }
            try RouteJSON.at("default") { try Template.validate(defaultValue, captures: captures, hasCaller: hasCaller) }
        }
    }

    /// A stored value as the wire shows it: a date in its format, text of a number or boolean
    /// field (a seed may hold `"7"`) as the number; anything else as stored.
    func shown(_ value: JSON) -> JSON {
        switch type {
        case .date:
            let date = value.stringValue.flatMap(LCDate.init(iso:)) ?? LCDate(json: value)
            return date.map { (dateFormat ?? .iso).render($0) } ?? value
        case .integer, .number, .boolean:
            guard value.stringValue != nil, let converted = try? stored(value) else { return value }
            return converted
        default:
            return value
        }
    }

    /// A written value as the store keeps it: text converted by type; a value of another type is
    /// LeanCloud's 111, naming the field. Null and LeanCloud's operations (`{"__op": …}`) pass.
    func stored(_ value: JSON) throws -> JSON {
        guard let type, !value.isNull, value["__op"] == nil else { return value }
        let text = value.stringValue
        // `nil` written here would be JSON's null (JSON is nil-literal expressible): `none` is "no value".
        let none = Optional<JSON>.none
        let converted: JSON?
        switch type {
        case .integer:
            converted = value.intValue != nil ? value : text.flatMap { Int($0) }.map { JSON($0) }
        case .number:
            converted = value.doubleValue != nil ? value : text.flatMap(Double.init).flatMap { $0.isFinite ? .number($0) : none }
        case .boolean:
            converted = value.boolValue != nil ? value : text == "true" || text == "1" ? .bool(true) : text == "false" || text == "0" ? .bool(false) : none
        case .string:
            converted = text != nil ? value : none
        case .object, .array:
            let parsed = text.flatMap { try? JSONParser.parse(Array($0.utf8)) } ?? value
            converted = (type == .object ? parsed.objectValue != nil : parsed.arrayValue != nil) ? parsed : none
        case .date:
            converted = (dateFormat ?? .iso).parse(value)?.json
        }
        guard let converted else {
            throw APIError(.incorrectFieldType.with(message: "\(name) must be \(type == .integer || type == .array || type == .object ? "an" : "a") \(type.rawValue), got \(value.jsonString)"))
        }
        return converted
    }
}

// MARK: - FieldTextType

/// What a resource stores a text field as (`"fieldTypes": {"type": "number"}`): a form sends
/// `type=2` as text, but the class may hold `type` as a number. The older spelling of `fields`'
/// types, without the projection or the strictness: text that does not convert stays text.
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
