import EmuData
import EmuRouting
import EmuSQLite
import LCWire

/// A copy of every data table of one app (`AppSchema.dataTables`: objects, users' sessions,
/// files, captchas, codes, …), taken and put back inside write transactions, so a test can
/// build a fixture once and return to it in milliseconds (docs/testing.md).
public struct DataSnapshot: Sendable {
    let rows: [String: [[SQLiteValue]]]
    public let takenAt: LCDate
    public let objectCount: Int

    /// Copies the tables in `db`; call it inside a transaction so they are consistent.
    static func take(in db: Database, at now: LCDate) throws -> DataSnapshot {
        var rows: [String: [[SQLiteValue]]] = [:]
        for table in AppSchema.dataTables { rows[table] = try db.query("SELECT * FROM \(table)") }
        return DataSnapshot(rows: rows, takenAt: now, objectCount: rows["objects"]?.count ?? 0)
    }

    /// Replaces the tables in `db` with the copy; call it inside a write transaction.
    func restore(into db: Database) throws {
        for table in AppSchema.dataTables {
            try db.execute("DELETE FROM \(table)")
            guard let tableRows = rows[table], let width = tableRows.first?.count, width > 0 else { continue }
            // One SQL text per table: the connection's statement cache prepares it once.
            let insert = "INSERT INTO \(table) VALUES (\(Array(repeating: "?", count: width).joined(separator: ", ")))"
            for row in tableRows { try db.execute(insert, row) }
        }
    }
}
