import EmuSQLite
import LCWire

/// Reads and writes object rows. Every statement is parameterised and cached per connection.
/// Every write of a user's or an installation's row goes through here, which keeps the side
/// tables of the fields that find them (`ObjectKeys`) in step with it.
///
/// A row is `columns`: the id, the two dates in milliseconds, and the ACL and the user fields
/// as the JSON text `JSONSerializer` writes. Readers decode rows with `record(fromQueryRow:)`,
/// or copy the texts straight into a response (`ObjectRenderer.appendRow`).
public enum ObjectStore {
    /// The columns of an object row, in the order `record(fromQueryRow:)` reads them.
    package static let columns = "id, created_at, updated_at, acl, data"

    /// One object's row, in `columns`: bind the class, then the id.
    static let fetchSQL = "SELECT \(columns) FROM objects WHERE class = ? AND id = ?"

    /// The largest object, its fields and ACL serialized (spec §2.2: 16 MB, else 116).
    public static let maxObjectBytes = 16 * 1024 * 1024

    /// spec §10: at most 500 classes per app.
    public static let maxClasses = 500

    /// Inserts a new object, recording its class on first write; 116 when it is larger than
    /// `maxObjectBytes`. `classExists` says the caller has read the class's row in this
    /// transaction (`schema(of:)` answered), which spares the statement that records it.
    public static func insert(_ record: ObjectRecord, classExists: Bool = false, in db: Database) throws {
        let acl = record.aclColumn, data = record.dataColumn
        try requireStorable(acl: acl, data: data)
        if !classExists { try ensureClass(record.className, now: record.createdAt, in: db) }
        // `objects` and the side tables only: the class schemas remembered stay right.
        try db.keepingMemo {
            // Bound one by one, the JSON texts from the serializer's bytes: no array of values and
            // no String copy of each text (issue 31: every create pays it).
            try db.execute(insertSQL) { statement in
                try statement.bind(record.className, at: 1)
                try statement.bind(record.objectId, at: 2)
                try statement.bind(record.createdAt.millisecondsSince1970, at: 3)
                try statement.bind(record.updatedAt.millisecondsSince1970, at: 4)
                try bindColumns(acl: acl, data: data, at: 5, of: statement)
            }
            try ObjectKeys.of(record.className)?.write(record, in: db)
        }
    }

    static let insertSQL = "INSERT INTO objects (class, id, created_at, updated_at, acl, data) VALUES (?, ?, ?, ?, ?, ?)"

    /// Rewrites an existing object's ACL, fields and `updatedAt`; false when the row is gone;
    /// 116 when it has grown larger than `maxObjectBytes`.
    @discardableResult
    public static func update(_ record: ObjectRecord, in db: Database) throws -> Bool {
        let acl = record.aclColumn, data = record.dataColumn
        try requireStorable(acl: acl, data: data)
        var updated = false
        try db.keepingMemo {
            try db.execute(updateSQL) { statement in
                try statement.bind(record.updatedAt.millisecondsSince1970, at: 1)
                try bindColumns(acl: acl, data: data, at: 2, of: statement)
                try statement.bind(record.className, at: 4)
                try statement.bind(record.objectId, at: 5)
            }
            updated = db.changes > 0
            if updated { try ObjectKeys.of(record.className)?.write(record, in: db) }
        }
        return updated
    }

    static let updateSQL = "UPDATE objects SET updated_at = ?, acl = ?, data = ? WHERE class = ? AND id = ?"

    /// Binds the `acl` (NULL when none) and `data` texts at `index` and the one after it.
    private static func bindColumns(acl: [UInt8]?, data: [UInt8], at index: Int, of statement: Statement) throws {
        if let acl { try statement.bindText(utf8: acl, at: index) } else { try statement.bindNull(at: index) }
        try statement.bindText(utf8: data, at: index + 1)
    }

    /// Deletes an object and the members of its relations; false when there was no such object.
    @discardableResult
    public static func delete(className: String, objectId: String, in db: Database) throws -> Bool {
        try ObjectKeys.of(className)?.delete(objectId: objectId, in: db)
        try db.execute("DELETE FROM objects WHERE class = ? AND id = ?", [.text(className), .text(objectId)])
        let deleted = db.changes > 0
        try db.execute("DELETE FROM relations WHERE owner_class = ? AND owner_id = ?",
                       [.text(className), .text(objectId)])
        return deleted
    }

    /// The object, or nil when there is no such id in the class.
    public static func fetch(className: String, objectId: String, in db: Database) throws -> ObjectRecord? {
        let statement = try db.cachedStatement(fetchSQL)
        defer { statement.reset() }
        try statement.bindTexts(className, objectId)
        guard try statement.step() else { return nil }
        return try record(fromQueryRow: statement, className: className)
    }

    /// A record from a row of `columns`.
    package static func record(fromQueryRow row: Statement, className: String) throws -> ObjectRecord {
        // Parsed straight from SQLite's bytes: the JSON texts are never copied into Strings.
        let acl = try acl(fromQueryRow: row)
        let fields = try row.withText(at: 4) { bytes in try bytes.flatMap { try JSONParser.parse($0).objectValue } }
            ?? JSONObject()
        return ObjectRecord(
            className: className, objectId: row.text(at: 0) ?? "",
            createdAt: LCDate(millisecondsSince1970: row.int64(at: 1)),
            updatedAt: LCDate(millisecondsSince1970: row.int64(at: 2)),
            acl: acl, fields: fields)
    }

    /// The ACL of a row of `columns`; nil when none is stored.
    static func acl(fromQueryRow row: Statement) throws -> JSONObject? {
        try row.withText(at: 3) { bytes in try bytes.flatMap { try JSONParser.parse($0).objectValue } }
    }

    /// 116 when the columns written are together larger than `maxObjectBytes`: the limit
    /// measures the very texts stored.
    private static func requireStorable(acl: [UInt8]?, data: [UInt8]) throws {
        guard (acl?.count ?? 0) + data.count <= maxObjectBytes else { throw APIError(.objectTooLarge) }
    }
}

// The two JSON columns as every writer of object rows stores them.
extension ObjectRecord {
    /// The `acl` column: the ACL's JSON text (UTF-8), or nil (NULL) when the object has none.
    package var aclColumn: [UInt8]? { acl.map { JSON.object($0).serialized() } }
    /// The `data` column: the user fields' JSON text (UTF-8), written with room for a typical
    /// object so that it is not regrown on the way.
    package var dataColumn: [UInt8] {
        var serializer = JSONSerializer(reservingCapacity: 1024)
        serializer.append(.object(fields))
        return serializer.bytes
    }
}

// MARK: - Classes

/// The `classes` table: one row per class ever written, holding the field types its writes
/// fixed (`ClassSchema`).
extension ObjectStore {
    /// Whether the class has ever been written to.
    public static func classExists(_ name: String, in db: Database) throws -> Bool {
        try db.scalar("SELECT 1 FROM classes WHERE name = ?", [.text(name)]) != nil
    }

    /// Records the class on its first write; 154 when that makes more than `maxClasses` (the
    /// caller's transaction then rolls the row back). An existing class costs one statement.
    public static func ensureClass(_ name: String, now: LCDate, in db: Database) throws {
        try db.execute("INSERT OR IGNORE INTO classes (name, created_at) VALUES (?, ?)",
                       [.text(name), .integer(now.millisecondsSince1970)])
        guard db.changes == 1 else { return }
        if let count = try db.scalar("SELECT count(*) FROM classes")?.int64Value, count > maxClasses {
            throw APIError(.thresholdExceeded)
        }
    }

    /// The field types a class has fixed, `{"field":{"type":"String"},…}` (empty when its
    /// schema is unreadable); nil when the class has no row yet. The text is read straight from
    /// SQLite's bytes and parsed once per distinct text (`ParsedSchemas`).
    public static func schema(of className: String, in db: Database) throws -> JSONObject? {
        // Remembered by an in-memory database's connection while it changes nothing but objects
        // (`Database.keepingMemo` above): a create after a create reads no row (~4,700).
        if let remembered = db.remembered(className, as: RememberedSchema.self) { return remembered.fields }
        // The cached statement stepped once, as `fetch` does: every create and update reads it,
        // and the general query path (an array of values, a closure per row) cost ~500 more.
        let statement = try db.cachedStatement(schemaSQL)
        defer { statement.reset() }
        try statement.bind(className, at: 1)
        guard try statement.step() else { return nil }
        let fields = statement.withText(at: 0) { text in
            text.flatMap { ParsedSchemas.fields(of: $0) } ?? JSONObject()
        }
        db.remember(RememberedSchema(fields: fields), for: className)
        return fields
    }

    /// A class's schema as `Database.remember` keeps it (an object).
    private final class RememberedSchema {
        let fields: JSONObject
        init(fields: JSONObject) { self.fields = fields }
    }

    static let schemaSQL = "SELECT schema FROM classes WHERE name = ?"

    /// Stores a class's field types, creating the class row when needed.
    public static func saveSchema(_ schema: JSONObject, of className: String, now: LCDate, in db: Database) throws {
        try db.execute(
            """
            INSERT INTO classes (name, created_at, schema) VALUES (?, ?, ?)
            ON CONFLICT (name) DO UPDATE SET schema = excluded.schema
            """,
            [.text(className), .integer(now.millisecondsSince1970), .text(JSON.object(schema).jsonString)])
    }
}

// MARK: - Relations

extension ObjectStore {
    /// Adds members to the relation `key` of an object; adding a present member is a no-op.
    public static func addRelationMembers(_ targets: [LCPointer], ownerClass: String, ownerId: String,
                                          key: String, in db: Database) throws {
        for target in targets {
            try db.execute(
                """
                INSERT OR IGNORE INTO relations (owner_class, owner_id, key, target_class, target_id)
                VALUES (?, ?, ?, ?, ?)
                """,
                [.text(ownerClass), .text(ownerId), .text(key), .text(target.className), .text(target.objectId)])
        }
    }

    /// Removes members from the relation `key` of an object.
    public static func removeRelationMembers(_ targets: [LCPointer], ownerClass: String, ownerId: String,
                                             key: String, in db: Database) throws {
        for target in targets {
            try db.execute(
                "DELETE FROM relations WHERE owner_class = ? AND owner_id = ? AND key = ? AND target_id = ?",
                [.text(ownerClass), .text(ownerId), .text(key), .text(target.objectId)])
        }
    }

    /// The members of the relation `key` of an object, in insertion order.
    public static func relationMembers(ownerClass: String, ownerId: String, key: String,
                                       in db: Database) throws -> [LCPointer] {
        try db.query(
            "SELECT target_class, target_id FROM relations WHERE owner_class = ? AND owner_id = ? AND key = ? ORDER BY rowid",
            [.text(ownerClass), .text(ownerId), .text(key)]
        ).compactMap { row in
            guard let className = row[0].textValue, let objectId = row[1].textValue else { return nil }
            return LCPointer(className: className, objectId: objectId)
        }
    }
}
