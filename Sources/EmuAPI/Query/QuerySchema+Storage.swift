import EmuSQLite
import LCWire

extension QuerySchema {
    /// The kinds of a class's fields, from the types recorded in `classes.schema` at each write.
    static func load(_ className: String, in db: Database) throws -> QuerySchema {
        guard let text = try db.scalar("SELECT schema FROM classes WHERE name = ?", [.text(className)])?.textValue,
              let object = try? JSONParser.parse(text).objectValue else { return QuerySchema() }
        var fields: [String: FieldKind] = [:]
        for (name, entry) in object {
            let type = entry.objectValue?["type"]?.stringValue ?? entry.stringValue ?? ""
            switch type {
            case "Array": fields[name] = .array
            case "Date": fields[name] = .date
            case "Relation":
                fields[name] = .relation(targetClass: entry.objectValue?["className"]?.stringValue ?? "")
            default: break
            }
        }
        return QuerySchema(fields: fields)
    }
}
