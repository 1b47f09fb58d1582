import EmuSQLite
import LCWire

extension AccessContext {
    /// spec §6.3: 403 `Forbidden to <operation> by class permissions.` unless the app's class
    /// permissions let the caller perform `operation` on `className`. Master bypasses them.
    package func require(_ operation: ClassPermissions.Operation, on className: String, in db: Database) throws {
        guard !(try allows(operation, on: className, in: db)) else { return }
        throw APIError(.forbiddenByClassPermissions(operation))
    }

    func allows(_ operation: ClassPermissions.Operation, on className: String, in db: Database) throws -> Bool {
        if isMaster { return true }
        switch permissions.rule(operation, on: className) {
        case .everyone: return true
        case .loggedIn: return try caller(in: db).userId != nil
        case .principals(let allowed):
            if allowed.isEmpty { return false }
            return try !principals(in: db).isDisjoint(with: allowed)
        }
    }

    /// `add_fields`: a write that gives the class a field it has never had needs the permission.
    /// A field is known when the class schema has fixed its type, the object had it, or some
    /// object of the class has it (seeded data fixes no types). Only looked up when restricted.
    func requireKnownFields(_ keys: [String], of className: String, schema: ClassSchema,
                            previous: ObjectRecord?, in db: Database) throws {
        if try allows(.addFields, on: className, in: db) { return }
        for key in keys where schema.fields[key] == nil && previous?.fields[key] == nil {
            let used = try db.scalar(
                "SELECT 1 FROM objects WHERE class = ? AND json_type(data, ?) IS NOT NULL LIMIT 1",
                [.text(className), .text("$.\(key)")])
            if used == nil { throw APIError(.forbiddenByClassPermissions(.addFields)) }
        }
    }
}

extension LCErrorCode {
    /// 403 naming the operation, as LeanCloud words it: `Forbidden to create by class permissions.`
    /// (spec §6.3); `add_fields` reads `Forbidden to add new fields by class permissions.`
    package static func forbiddenByClassPermissions(_ operation: ClassPermissions.Operation) -> LCErrorCode {
        let verb = operation == .addFields ? "add new fields" : operation.rawValue
        return forbiddenByClassPermissions.with(message: "Forbidden to \(verb) by class permissions.")
    }
}
