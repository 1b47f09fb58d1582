import LCWire

/// The type a class fixes for a field on its first non-null write, as LeanCloud's schema
/// names them (stored in `classes.schema` as `{"type":"Pointer","className":"Post"}`).
public enum FieldType: Hashable, Sendable {
    /// `String`.
    case string
    /// `Number`: integers and floats alike.
    case number
    /// `Boolean`.
    case boolean
    /// `Array`.
    case array
    /// `Object`: an embedded JSON object.
    case object
    /// `Date`.
    case date
    /// `Bytes`.
    case bytes
    /// `File`: a reference to a `_File` object.
    case file
    /// `GeoPoint`.
    case geoPoint
    /// `Pointer` to objects of one class.
    case pointer(className: String)
    /// `Relation` to objects of one class.
    case relation(className: String)

    /// The type of a stored (normalized) value; nil for `null`, which fixes no type.
    public init?(of value: JSON) {
        switch value {
        case .null: return nil
        case .bool: self = .boolean
        case .number: self = .number
        case .string: self = .string
        case .array: self = .array
        case .object(let object):
            guard let tag = object[LCWireKey.type]?.stringValue else {
                self = .object
                return
            }
            let className = object[LCWireKey.className]?.stringValue ?? ""
            switch LCTypeName(rawValue: tag) {
            case .date?: self = .date
            case .bytes?: self = .bytes
            case .pointer?, .object?: self = .pointer(className: className)
            case .relation?: self = .relation(className: className)
            case .file?: self = .file
            case .geoPoint?: self = .geoPoint
            case nil: self = .object
            }
        }
    }

    /// The schema name: `String`, `Number`, `Pointer`, …
    public var typeName: String {
        switch self {
        case .string: return "String"
        case .number: return "Number"
        case .boolean: return "Boolean"
        case .array: return "Array"
        case .object: return "Object"
        case .date: return "Date"
        case .bytes: return "Bytes"
        case .file: return "File"
        case .geoPoint: return "GeoPoint"
        case .pointer: return "Pointer"
        case .relation: return "Relation"
        }
    }

    /// The name in error messages: `Pointer<Post>` for the class-bound types.
    public var displayName: String {
        switch self {
        case .pointer(let className), .relation(let className): return "\(typeName)<\(className)>"
        default: return typeName
        }
    }

    /// The schema entry, `{"type":"Pointer","className":"Post"}`.
    public var schemaJSON: JSON {
        var entry: JSONObject = ["type": .string(typeName)]
        switch self {
        case .pointer(let className), .relation(let className): entry[LCWireKey.className] = .string(className)
        default: break
        }
        return .object(entry)
    }

    /// Reads a schema entry; nil when it is not one this type wrote.
    public init?(schema json: JSON) {
        guard let name = json["type"]?.stringValue else { return nil }
        let className = json[LCWireKey.className]?.stringValue ?? ""
        switch name {
        case "String": self = .string
        case "Number": self = .number
        case "Boolean": self = .boolean
        case "Array": self = .array
        case "Object": self = .object
        case "Date": self = .date
        case "Bytes": self = .bytes
        case "File": self = .file
        case "GeoPoint": self = .geoPoint
        case "Pointer": self = .pointer(className: className)
        case "Relation": self = .relation(className: className)
        default: return nil
        }
    }
}
