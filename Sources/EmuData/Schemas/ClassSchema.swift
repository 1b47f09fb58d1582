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
        try fix(key, as: actual)
    }

    /// Fixes `key` to `actual` before any value is written (a column added from the dashboard,
    /// as LeanCloud's console adds one); the same type again is no change, another is 111.
    package mutating func fix(_ key: String, as actual: FieldType) throws {
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

// MARK: - SchemaCatalog

/// What `GET /1.1/schemas` reports (spec §8.4): every class with its fields' types. A field's
/// type is the one its first write fixed (`ClassSchema`); fields no write typed (seed and import
/// data) are typed from a stored value. Reads every object of the class: an admin call, not a
/// hot path.
package enum SchemaCatalog {
    /// The columns every class has, first in every schema.
    static let serverFields: [(String, JSON)] = [
        (LCFieldName.objectId, ["type": "String"]), (LCFieldName.createdAt, ["type": "Date"]),
        (LCFieldName.updatedAt, ["type": "Date"]), ("ACL", ["type": "ACL"]),
    ]

    /// Every class that has a schema row or an object, by name.
    private static func classNames(in db: Database) throws -> [String] {
        try db.query("SELECT name FROM classes UNION SELECT DISTINCT class FROM objects ORDER BY 1")
            .compactMap { $0.first?.textValue }
    }

    /// The schema of one class; nil when the class has neither a schema row nor an object.
    package static func schema(of className: String, in db: Database) throws -> JSONObject? {
        let known = try db.scalar(
            "SELECT 1 FROM classes WHERE name = ? UNION ALL SELECT 1 FROM objects WHERE class = ? LIMIT 1",
            [.text(className), .text(className)])
        return known == nil ? nil : try schema(ofKnown: className, in: db)
    }

    /// Every class's schema, by class name.
    package static func all(in db: Database) throws -> JSONObject {
        var all = JSONObject()
        for name in try classNames(in: db) { all[name] = .object(try schema(ofKnown: name, in: db)) }
        return all
    }

    /// The schema of a class known to exist.
    private static func schema(ofKnown className: String, in db: Database) throws -> JSONObject {
        var fields = try ObjectStore.schema(of: className, in: db) ?? JSONObject()
        for (key, type) in try storedTypes(of: className, in: db) where fields[key] == nil { fields[key] = type }
        var schema = JSONObject()
        for (key, type) in serverFields { schema[key] = type }
        for key in fields.keys.sorted() where !UserPassword.isHidden(key) && schema[key] == nil { schema[key] = fields[key] }
        return schema
    }

    /// One non-null stored value per top-level field, as JSON text, typed like a first write.
    private static func storedTypes(of className: String, in db: Database) throws -> [(String, JSON)] {
        let rows = try db.query(
            """
            SELECT e.key, CASE e.type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false'
                WHEN 'object' THEN e.value WHEN 'array' THEN e.value ELSE json_quote(e.value) END
            FROM objects AS o, json_each(o.data) AS e
            WHERE o.class = ? AND e.type != 'null' GROUP BY e.key
            """, [.text(className)])
        return rows.compactMap { row in
            guard row.count == 2, let key = row[0].textValue, let text = row[1].textValue,
                  let value = try? JSONParser.parse(text), let type = FieldType(of: value) else { return nil }
            return (key, type.schemaJSON)
        }
    }
}
