import EmuSQLite
import LCWire

/// The field types of one class: the first non-null write of a field fixes its type, later
/// writes of another type are error 111 (spec §9). `null` fixes nothing; deleting a field
/// keeps its type, as a column stays on the real service.
package struct ClassSchema {
    let className: String
    private(set) var fields: JSONObject
    /// Whether `fix` recorded a new type since loading.
    private(set) var hasChanges = false

    init(className: String, fields: JSONObject = JSONObject()) {
        self.className = className
        self.fields = fields
    }

    /// The schema stored for `className`; empty for a class not written yet.
    package static func load(_ className: String, in db: Database) throws -> ClassSchema {
        ClassSchema(className: className, fields: try ObjectStore.schema(of: className, in: db) ?? JSONObject())
    }

    /// spec §10: at most 300 fields per class (the classes limit is `ObjectStore.maxClasses`).
    static let maxFields = 300

    /// Saves the schema when it changed; 154 when the write takes the class over `maxFields`
    /// (the whole write is refused, its transaction rolled back).
    package func saveIfChanged(now: LCDate, in db: Database) throws {
        guard hasChanges else { return }
        guard fields.count <= Self.maxFields else { throw APIError(.thresholdExceeded) }
        try ObjectStore.saveSchema(fields, of: className, now: now, in: db)
    }

    /// The type fixed for `key`, if any.
    package func type(of key: String) -> FieldType? {
        fields[key].flatMap(FieldType.init(schema:))
    }

    /// Checks `value` against the type fixed for `key` and fixes it when there is none yet.
    package mutating func fix(_ key: String, for value: JSON) throws {
        guard let actual = FieldType(of: value) else { return }
        if let expected = type(of: key) {
            guard expected == actual else {
                throw APIError(.invalidType(key: key, expected: expected.displayName, got: actual.displayName))
            }
            return
        }
        // spec §2.7: at most one GeoPoint field per class.
        if actual == .geoPoint, let other = fields.keys.first(where: { type(of: $0) == .geoPoint }) {
            throw APIError(.incorrectFieldType.with(
                message: "Only one GeoPoint field is allowed per class; '\(other)' is already one."))
        }
        fields[key] = actual.schemaJSON
        hasChanges = true
    }
}
