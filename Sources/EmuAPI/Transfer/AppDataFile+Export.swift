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
                "SELECT \(QueryPlan.columns) FROM objects WHERE class = ? ORDER BY rowid",
                [.text(className)]
            ) { row in
                records.append(try ObjectStore.record(fromQueryRow: row, className: className))
            }
            return records
        }
    }

    /// The export document of `className`: `{"results":[…]}`, objects in wire form with their ACL.
    public func export(className: String) throws -> [UInt8] {
        ExportDocument.serialize(try exportRecords(className: className))
    }
}
