import EmuData
import LCWire

/// The field an item path's `:id` names (`"id": {"field": "pin_id", "type": "integer", "auto":
/// true}`): apps address their objects by ids of their own, integers included. The default is
/// the store's `objectId`. An integer id is compared as a number; `auto` numbers creates that
/// give none `max + 1` (1 for the first), inside the create's write transaction, where writes
/// are serialised, so two creates never take one number.
struct ResourceIdentity: Sendable {
    enum IdType: String, Sendable { case string, integer }

    static let objectId = ResourceIdentity(field: "objectId", store: "objectId", type: .string, auto: false)
    static let keys = ["field", "type", "auto"]

    /// The wire name (answers, bodies).
    let field: String
    let store: String
    let type: IdType
    let auto: Bool

    var isObjectId: Bool { store == "objectId" }

    private init(field: String, store: String, type: IdType, auto: Bool) {
        self.field = field
        self.store = store
        self.type = type
        self.auto = auto
    }

    init(json: JSON, fields: ResourceFields?) throws {
        guard let object = json.objectValue else { throw RouteDefinitionError(field: "", "expected {\"field\", \"type\"?, \"auto\"?}") }
        try RouteJSON.rejectUnknownKeys(object, known: Self.keys)
        guard let field = try RouteJSON.string(object, "field"), !field.isEmpty else { throw RouteDefinitionError(field: "field", "required: the field the item path's :id names") }
        let typeName = try RouteJSON.string(object, "type") ?? "string"
        guard let type = IdType(rawValue: typeName) else { throw RouteDefinitionError(field: "type", "expected string or integer") }
        guard let auto = object["auto"].map({ $0.boolValue }) ?? false else { throw RouteDefinitionError(field: "auto", "expected true or false") }
        guard !auto || type == .integer else { throw RouteDefinitionError(field: "auto", "only an integer id is numbered") }
        if let fields {
            guard let declared = fields.field(named: field) else { throw RouteDefinitionError(field: "field", "'\(field)' is not one of \"fields\"") }
            let expected: ResourceField.FieldType = type == .integer ? .integer : .string
            guard declared.type == nil || declared.type == expected else {
                throw RouteDefinitionError(field: "type", "'\(field)' is declared \(declared.type?.rawValue ?? "") in \"fields\"")
            }
        }
        let store = fields?.storeName(field) ?? field
        guard LCNames.isValidFieldName(store) else { throw RouteDefinitionError(field: "field", "'\(store)' is not a field name of the store") }
        guard store != "createdAt", store != "updatedAt" else { throw RouteDefinitionError(field: "field", "\(store) is a date, not an id") }
        guard store != "objectId" || (type == .string && !auto) else { throw RouteDefinitionError(field: "type", "objectId is a string the store assigns") }
        self.init(field: field, store: store, type: type, auto: auto)
    }

    /// The stored value a path's text names; nil when it names none (`abc` for an integer id).
    func value(_ text: String) -> JSON? {
        switch type {
        case .string: return .string(text)
        case .integer: return Int(text).map { JSON($0) }
        }
    }

    /// A written id as stored: an integer id's text converted; a value of another type is LeanCloud's 111.
    func stored(_ value: JSON) throws -> JSON {
        switch type {
        case .string where value.stringValue != nil, .integer where value.intValue != nil: return value
        case .integer: if let number = value.stringValue.flatMap({ Int($0) }) { return JSON(number) }
        default: break
        }
        throw APIError(.incorrectFieldType.with(message: "\(field) must be \(type == .integer ? "an integer" : "a string"), got \(value.jsonString)"))
    }
}

// MARK: - ResourceParent

/// A nested resource's parent (`/pins/:pin_id/comments` with `"parent": {"capture": "pin_id",
/// "field": "pin_id", "type": "integer", "resource": "pins"}`): the capture is a field of every
/// child, so lists filter by it, items outside it are not found, and creates store it. With
/// `resource` (a resource route of the app), a parent that does not exist is not found.
struct ResourceParent: Sendable {
    static let keys = ["capture", "field", "type", "resource"]

    let capture: String
    let field: String
    let store: String
    let type: ResourceIdentity.IdType
    /// The parent resource route's id.
    let resource: String?

    init(json: JSON, captures: [String], fields: ResourceFields?) throws {
        guard let object = json.objectValue else { throw RouteDefinitionError(field: "", "expected {\"capture\", \"field\"?, \"type\"?, \"resource\"?}") }
        try RouteJSON.rejectUnknownKeys(object, known: Self.keys)
        guard let capture = try RouteJSON.string(object, "capture"), captures.contains(capture) else {
            throw RouteDefinitionError(field: "capture", "required: one of the path's captures (\(captures.joined(separator: ", ")))")
        }
        self.capture = capture
        field = try RouteJSON.string(object, "field") ?? capture
        store = fields?.storeName(field) ?? field
        guard LCNames.isValidFieldName(store), !ResourceFields.storeOwned.contains(store) else {
            throw RouteDefinitionError(field: "field", "'\(store)' is not a field a resource may set")
        }
        guard let type = ResourceIdentity.IdType(rawValue: try RouteJSON.string(object, "type") ?? "string") else {
            throw RouteDefinitionError(field: "type", "expected string or integer")
        }
        self.type = type
        resource = try RouteJSON.string(object, "resource")
        if let resource, !CustomRoute.isValidId(resource) { throw RouteDefinitionError(field: "resource", "'\(resource)' is not a route id") }
    }

    /// The parent's value in the children, from the path; nil when the text names none.
    func value(_ captures: [String: String]) -> JSON? {
        guard let text = captures[capture] else { return nil }
        switch type {
        case .string: return .string(text)
        case .integer: return Int(text).map { JSON($0) }
        }
    }
}
