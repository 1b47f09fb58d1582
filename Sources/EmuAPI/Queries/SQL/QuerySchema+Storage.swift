import EmuSQLite
import LCWire

extension QuerySchema {
    /// The kinds of a class's fields, from the types its writes fixed (`ClassSchema`).
    static func load(_ className: String, in db: Database) throws -> QuerySchema {
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
