import EmuSQLite
import LCWire

extension AppDataFile {
    /// Every object of `className`, in insertion order. An unknown class is an error that lists
    /// the known ones (a typo should not look like an empty class).
    public func exportRecords(className: String) throws -> [ObjectRecord] {
        try database.read { db in
            guard try ObjectStore.classExists(className, in: db) else {
                let known = try db.query("SELECT name FROM classes ORDER BY name").compactMap { $0.first?.textValue }
                throw TransferError("no class '\(className)' in app \(appId)"
                    + (known.isEmpty ? " (it has no classes)" : " (classes: \(known.joined(separator: ", ")))"))
            }
            var records: [ObjectRecord] = []
            try db.query(
                "SELECT id, created_at, updated_at, acl, data FROM objects WHERE class = ? ORDER BY rowid",
                [.text(className)]
            ) { row in
                records.append(try Self.record(from: row, className: className))
            }
            return records
        }
    }

    /// The export document of `className`: `{"results":[…]}`, objects in wire form with their ACL.
    public func export(className: String) throws -> [UInt8] {
        ExportDocument.serialize(try exportRecords(className: className))
    }

    static func record(from row: Statement, className: String) throws -> ObjectRecord {
        let objectId = row.text(at: 0) ?? ""
        let acl = try row.text(at: 3).flatMap { try JSONParser.parse($0).objectValue }
        let fields = try JSONParser.parse(row.text(at: 4) ?? "{}").objectValue ?? JSONObject()
        return ObjectRecord(
            className: className, objectId: objectId,
            createdAt: LCDate(millisecondsSince1970: row.int64(at: 1)),
            updatedAt: LCDate(millisecondsSince1970: row.int64(at: 2)),
            acl: acl, fields: fields)
    }
}
