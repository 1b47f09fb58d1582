import EmuData
import LCWire

/// Which query parameters filter a resource's list, and how. `"filters"` is an array of names
/// (equality), or an object of name → `{"field"?, "type"?, "all"?, "op"?}`; without it, every
/// parameter that names a field filters — a declared field when `fields` is given (so a form's
/// `tick` never does). A value listed in `all` stands for "no filter" (apps send `-1` or `0`
/// for "any"); an empty value never filters.
struct ResourceFilters: Sendable {
    static let keys = ["field", "type", "all", "op"]

    struct Filter: Sendable {
        enum Op: String, Sendable, CaseIterable { case eq, contains, prefix }

        let parameter: String
        let store: String
        /// Nil: text matches a number or boolean field too (`type=1` finds `1`).
        let type: ResourceField.FieldType?
        let all: [String]
        let op: Op
    }

    /// Nil: every parameter that names a field (a declared one with `fields`).
    let declared: [Filter]?
    let fields: ResourceFields?

    init(json: JSON?, fields: ResourceFields?) throws {
        self.fields = fields
        guard let json else { declared = nil; return }
        if let list = json.arrayValue {
            declared = try list.enumerated().map { index, item in
                guard let name = item.stringValue, LCNames.isValidFieldName(name) else {
                    throw RouteDefinitionError(field: "\(index)", "expected a field name")
                }
                return Self.filter(name, fields: fields)
            }
        } else if let object = json.objectValue {
            declared = try object.map { name, spec in try RouteJSON.at(name) { try Self.filter(name, spec, fields: fields) } }
        } else {
            throw RouteDefinitionError(field: "", "expected an array of field names or an object of name → {\"field\", \"type\", \"all\", \"op\"}")
        }
    }

    private static func filter(_ name: String, fields: ResourceFields?) -> Filter {
        let field = fields?.field(named: name)
        return Filter(parameter: name, store: field?.store ?? name, type: field?.type, all: [""], op: .eq)
    }

    private static func filter(_ name: String, _ json: JSON, fields: ResourceFields?) throws -> Filter {
        guard let object = json.objectValue else { throw RouteDefinitionError(field: "", "expected {\"field\"?, \"type\"?, \"all\"?, \"op\"?}") }
        try RouteJSON.rejectUnknownKeys(object, known: keys)
        let fieldName = try RouteJSON.string(object, "field") ?? name
        let declared = fields?.field(named: fieldName)
        let store = declared?.store ?? fieldName
        guard LCNames.isValidFieldName(store) else { throw RouteDefinitionError(field: "field", "'\(store)' is not a field name") }
        var type = declared?.type
        if let typeName = try RouteJSON.string(object, "type") {
            type = ResourceField.FieldType(rawValue: typeName)
            guard let type, [.integer, .number, .string, .boolean].contains(type) else {
                throw RouteDefinitionError(field: "type", "expected integer, number, string or boolean")
            }
        }
        var all = [""]
        if let values = object["all"] {
            guard let texts = values.arrayValue?.map({ $0.stringValue ?? ($0.doubleValue.map { JSON.number($0).jsonString }) }),
                  !texts.contains(nil) else {
                throw RouteDefinitionError(field: "all", "expected an array of the values that mean \"any\" (\"\", \"-1\")")
            }
            all = [""] + texts.compactMap { $0 }
        }
        let op = try Filter.Op(rawValue: RouteJSON.string(object, "op") ?? "eq")
        guard let op else { throw RouteDefinitionError(field: "op", "expected eq, contains or prefix") }
        guard op == .eq || type == nil || type == .string else { throw RouteDefinitionError(field: "op", "\(op.rawValue) compares text") }
        return Filter(parameter: name, store: store, type: op == .eq ? type : .string, all: all, op: op)
    }

    /// The list's conditions from the query: the first value of each filtering parameter.
    /// Text a typed filter cannot convert is refused, naming the parameter.
    func conditions(_ request: IncomingRequest, skipping skipped: [String]) throws -> JSONObject {
        var conditions = JSONObject()
        for (name, value) in request.http.query where !skipped.contains(name) {
            guard let filter = filter(for: name), conditions[filter.store] == nil else { continue }
            guard !filter.all.contains(value) else { continue }
            conditions[filter.store] = try Self.condition(filter, value)
        }
        return conditions
    }

    private func filter(for name: String) -> Filter? {
        if let declared { return declared.first { $0.parameter == name } }
        if let fields { return fields.field(named: name).map { Self.filter($0.name, fields: fields) } }
        return LCNames.isValidFieldName(name) ? Filter(parameter: name, store: name, type: nil, all: [""], op: .eq) : nil
    }

    private static func condition(_ filter: Filter, _ text: String) throws -> JSON {
        switch filter.op {
        case .contains: return ["$regex": .string(escaped(text))]
        case .prefix: return ["$regex": .string("^" + escaped(text))]
        case .eq: break
        }
        guard let type = filter.type else { return looseEquality(text) }
        switch type {
        case .integer:
            guard let number = Int(text) else { throw InvalidInput("\(filter.parameter) must be an integer") }
            return JSON(number)
        case .number:
            guard let number = Double(text), number.isFinite else { throw InvalidInput("\(filter.parameter) must be a number") }
            return .number(number)
        case .boolean:
            guard let flag = ["true": true, "1": true, "false": false, "0": false][text] else { throw InvalidInput("\(filter.parameter) must be true or false") }
            return .bool(flag)
        default:
            return .string(text)
        }
    }

    /// A query parameter is text; the field may hold a number or a boolean: match any of them.
    private static func looseEquality(_ text: String) -> JSON {
        var candidates: [JSON] = [.string(text)]
        if let number = Double(text), number.isFinite { candidates.append(.number(number)) }
        if text == "true" || text == "false" { candidates.append(.bool(text == "true")) }
        return candidates.count == 1 ? candidates[0] : ["$in": .array(candidates)]
    }

    /// Text matched literally by a regular expression.
    private static func escaped(_ text: String) -> String {
        var pattern = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { pattern.append("\\") }
            pattern.append(character)
        }
        return pattern
    }
}
