import EmuSQLite
import LCWire

extension ObjectWrites {
    /// Deletes an object. An unknown id answers like a deleted one (spec §2.6, lenient) unless
    /// a `condition` was given, which a missing object cannot satisfy (305).
    static func delete(className: String, objectId: String, condition: WhereMatcher?, app: AppRuntime) throws {
        try app.database.write { db in
            guard try ObjectStore.classExists(className, in: db) else { throw APIError(.objectNotFound) }
            if let condition {
                guard let record = try ObjectStore.fetch(className: className, objectId: objectId, in: db),
                      condition.matches(record.json()) else { throw APIError(.noEffect) }
            }
            try ObjectStore.delete(className: className, objectId: objectId, in: db)
        }
    }
}
