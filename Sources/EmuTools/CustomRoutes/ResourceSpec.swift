import EmuData
import EmuRouting
import LCWire

/// A resource route (Mockoon's CRUD routes): `path` and `path/:id` mapped onto a class of the
/// app's store. The objects are ordinary LeanCloud objects, seeded, reset and snapshotted with
/// everything else; answers are wrapped in `envelope`, failures in `errorEnvelope`.
package struct ResourceSpec: Sendable {
    static let keys = ["path", "class", "paging", "filters", "order", "envelope", "errorEnvelope", "status", "notFoundStatus", "errorStatus", "fieldTypes"]

    /// How the list is paged: `limit`/`offset` parameters, or `page`/`size` (pages from `firstPage`).
    enum Paging: Sendable {
        case offset(limit: String, offset: String)
        case page(page: String, size: String, firstPage: Int)
    }

    let path: PathTemplate
    package let className: String
    let paging: Paging
    /// Query parameters that filter the list by equality; nil: every other parameter that is a field name.
    let filters: [String]?
    /// LeanCloud's `order` (`-createdAt`); nil: the store's order.
    let order: String?
    let envelope: JSON
    let errorEnvelope: JSON
    let status: Int
    let notFoundStatus: Int
    let errorStatus: Int
    /// Fields whose text (a form's, or a string in JSON) is stored as a `number` or `boolean`:
    /// forms carry only text, and a class's field keeps one type.
    let fieldTypes: [String: FieldTextType]

    init(json: JSON) throws {
        guard let object = json.objectValue else { throw RouteDefinitionError(field: "", "expected an object") }
        try RouteJSON.rejectUnknownKeys(object, known: Self.keys)
        guard let pathText = try RouteJSON.string(object, "path") else { throw RouteDefinitionError(field: "path", "required: a string such as \"/feedback\"") }
        path = try RouteJSON.at("path") { try PathTemplate(pathText) }
        guard let className = try RouteJSON.string(object, "class") else { throw RouteDefinitionError(field: "class", "required: the class of the app's store") }
        guard LCNames.isValidClassName(className) else { throw RouteDefinitionError(field: "class", "'\(className)' is not a valid class name") }
        // A resource answers keyless callers with the master key's reach: never over the system
        // classes, whose objects carry credentials (`_Session`'s tokens, `_User`'s e-mail).
        guard !className.hasPrefix("_") else {
            throw RouteDefinitionError(field: "class", "'\(className)' is a system class; a resource maps only onto the app's own classes")
        }
        self.className = className
        paging = try RouteJSON.at("paging") { try Self.paging(object["paging"]) }
        if let list = object["filters"] {
            guard let names = list.arrayValue?.compactMap(\.stringValue), names.count == list.arrayValue?.count,
                  names.allSatisfy(LCNames.isValidFieldName) else {
                throw RouteDefinitionError(field: "filters", "expected an array of field names")
            }
            filters = names
        } else {
            filters = nil
        }
        order = try RouteJSON.string(object, "order")
        envelope = object["envelope"] ?? "{{result}}"
        errorEnvelope = object["errorEnvelope"] ?? ["code": "{{code}}", "error": "{{error}}"]
        status = try RouteJSON.int(object, "status", in: 100...599) ?? 200
        notFoundStatus = try RouteJSON.int(object, "notFoundStatus", in: 100...599) ?? 404
        errorStatus = try RouteJSON.int(object, "errorStatus", in: 100...599) ?? 400
        fieldTypes = try RouteJSON.at("fieldTypes") { try FieldTextType.map(object["fieldTypes"]) }
        let captures = path.captureNames + ["id"]
        guard !path.captureNames.contains("id") else { throw RouteDefinitionError(field: "path", "the capture 'id' is the resource's own (path/:id)") }
        try RouteJSON.at("envelope") { try Template.validate(envelope, captures: captures, extra: Template.resourceNames) }
        try RouteJSON.at("errorEnvelope") { try Template.validate(errorEnvelope, captures: captures, extra: Template.resourceNames) }
    }

    private static func paging(_ json: JSON?) throws -> Paging {
        guard let json else { return .offset(limit: "limit", offset: "offset") }
        guard let object = json.objectValue else { throw RouteDefinitionError(field: "", "expected {\"limit\",\"offset\"} or {\"page\",\"size\"}") }
        try RouteJSON.rejectUnknownKeys(object, known: ["limit", "offset", "page", "size", "firstPage"])
        if object["page"] != nil || object["size"] != nil {
            guard let page = try RouteJSON.string(object, "page"), let size = try RouteJSON.string(object, "size"),
                  object["limit"] == nil, object["offset"] == nil else {
                throw RouteDefinitionError(field: "", "page paging needs both \"page\" and \"size\", and no limit/offset")
            }
            return .page(page: page, size: size, firstPage: try RouteJSON.int(object, "firstPage", in: 0...1) ?? 1)
        }
        return .offset(limit: try RouteJSON.string(object, "limit") ?? "limit", offset: try RouteJSON.string(object, "offset") ?? "offset")
    }

    /// `path/:id` for fetch, update and delete; the item path's captures include `id`.
    var itemPath: PathTemplate {
        // Cannot fail: `path` parsed, and `id` is checked to be free.
        (try? PathTemplate(path.text.hasSuffix("/") ? path.text + ":id" : path.text + "/:id")) ?? path
    }
}

// MARK: - ResourceOperation

/// What a request to a resource asks for.
enum ResourceOperation: Sendable, Equatable {
    case list
    case create
    case fetch(id: String)
    case update(id: String)
    case delete(id: String)
}

extension ResourceSpec {
    /// The operation and the path's captures, when the method and path are the resource's.
    func operation(for request: IncomingRequest) -> (ResourceOperation, [String: String])? {
        let method = request.method == "HEAD" ? "GET" : request.method
        if let captures = path.match(request.path) {
            switch method {
            case "GET": return (.list, captures)
            case "POST": return (.create, captures)
            default: return nil
            }
        }
        guard let captures = itemPath.match(request.path), let id = captures["id"] else { return nil }
        switch method {
        case "GET": return (.fetch(id: id), captures)
        case "PUT", "PATCH": return (.update(id: id), captures)
        case "DELETE": return (.delete(id: id), captures)
        default: return nil
        }
    }

    /// Why a request is not this resource's, for the near-miss report.
    func differences(_ request: IncomingRequest) -> [String] {
        if path.match(request.path) != nil { return ["method: \(path.text) answers GET and POST, got \(request.method)"] }
        if itemPath.match(request.path) != nil { return ["method: \(itemPath.text) answers GET, PUT, PATCH and DELETE, got \(request.method)"] }
        return ["path: expected \(path.text) or \(itemPath.text), got \(request.path)"]
    }
}

// MARK: - FieldTextType

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
