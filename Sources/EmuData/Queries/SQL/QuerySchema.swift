import EmuSQLite
import LCWire

/// What the compiler knows of a class's fields. Types are fixed by the first write of a field
/// (code 111 otherwise), so one kind per field lets each condition take the indexable form.
package struct QuerySchema: Sendable {
    enum FieldKind: Sendable, Equatable {
        case scalar
        case array
        case date
        case relation(targetClass: String)
        /// A dotted path into an embedded object: the schema knows top-level fields only, so it
        /// may hold an array, and conditions test the value and, when it is one, its elements
        /// (MongoDB's semantics; such conditions scan rather than use an index).
        case nested
    }

    var fields: [String: FieldKind] = [:]

    init(fields: [String: FieldKind] = [:]) { self.fields = fields }

    /// The kind of a field path; dotted paths are nested, unknown fields scalars.
    func kind(of path: String) -> FieldKind {
        fields[path] ?? (path.contains(".") ? .nested : .scalar)
    }

    /// The kinds of a class's fields, from the types its writes fixed (`ClassSchema`).
    package static func load(_ className: String, in db: Database) throws -> QuerySchema {
        let schema = try ClassSchema.load(className, in: db)
        var fields: [String: FieldKind] = [:]
        for key in schema.fields.keys {
            switch schema.type(of: key) {
            case .array?: fields[key] = .array
            case .date?: fields[key] = .date
            case .relation(let className)?: fields[key] = .relation(targetClass: className)
            default: break
            }
        }
        return QuerySchema(fields: fields)
    }
}
