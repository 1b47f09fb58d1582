import EmuSQLite
import LCWire

extension ObjectWrites {
    /// Deletes an object. An unknown id answers like a deleted one (spec §2.6, lenient) unless
    /// a `condition` was given, which a missing object cannot satisfy (305). `access` checks
    /// class permissions and the object's ACL (docs/access-control.md).
    static func delete(className: String, objectId: String, condition: WhereMatcher?, app: AppRuntime,
                       access: AccessContext = .master) throws {
        try access.requireLiveSession()
        try app.database.write { db in
            guard try ObjectStore.classExists(className, in: db) else { throw APIError(.objectNotFound) }
            try access.require(.delete, on: className, in: db)
            let record = try ObjectStore.fetch(className: className, objectId: objectId, in: db)
            if let record { try access.requireWrite(record, in: db) }
            if let condition {
                guard let record, condition.matches(record.json()) else { throw APIError(.noEffect) }
            }
            try ObjectStore.delete(className: className, objectId: objectId, in: db)
        }
    }
}
