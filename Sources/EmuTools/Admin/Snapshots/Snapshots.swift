import EmuData
import EmuHTTP
import EmuRouting
import EmuSQLite
import LCWire
import Primitives

/// One app's named data snapshots, in memory: a restart forgets them, `POST /__admin/reset`
/// keeps them (they are the test's own baselines). At most `capacity` names.
public final class Snapshots: Sendable {
    public static let capacity = 20
    private let snapshots = Locked<[String: DataSnapshot]>([:])

    /// Keeps `snapshot` under `name`, replacing any; false when `capacity` names are taken.
    func keep(_ snapshot: DataSnapshot, as name: String) -> Bool {
        snapshots.withValue { all in
            guard all[name] != nil || all.count < Self.capacity else { return false }
            all[name] = snapshot
            return true
        }
    }

    public func snapshot(named name: String) -> DataSnapshot? { snapshots.current[name] }

    /// Every snapshot, by name.
    public var all: [(name: String, snapshot: DataSnapshot)] {
        snapshots.current.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    @discardableResult
    public func remove(_ name: String) -> Bool { snapshots.withValue { $0.removeValue(forKey: name) != nil } }
}

extension AppRuntime {
    /// Takes a snapshot of the app's data under `name`; false when too many are kept.
    public func takeSnapshot(named name: String) throws -> Bool {
        let snapshot = try database.write { db in try DataSnapshot.take(in: db, at: clock.now) }
        return snapshots.keep(snapshot, as: name)
    }

    /// Puts the data of snapshot `name` back, in one transaction; false when there is none.
    public func restoreSnapshot(named name: String) throws -> Bool {
        guard let snapshot = snapshots.snapshot(named: name) else { return false }
        try database.write { db in try snapshot.restore(into: db) }
        return true
    }
}

// MARK: - DataSnapshot

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

// MARK: - SnapshotRoutes

/// `/__admin/snapshots` (master key): save the app's data under a name and go back to it.
package enum SnapshotRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("PUT", "/__admin/snapshots/:name", APIRoute(appAccess: .master) { request in
            let app = request.app
            _ = try request.jsonObjectBody()  // none, or `{}`: nothing to say yet, but no junk either
            let name = try validName(request)
            guard try app.takeSnapshot(named: name) else {
                throw APIError(.invalidParameter("At most \(Snapshots.capacity) snapshots per app: delete one first."))
            }
            return APIResponse(json: try describe(name, app))
        })
        router.add("POST", "/__admin/snapshots/:name/restore", APIRoute(appAccess: .master) { request in
            let app = request.app
            _ = try request.jsonObjectBody()
            let name = request.parameter("name")
            guard try app.restoreSnapshot(named: name) else { throw APIError(.noSuchSnapshot(name)) }
            return APIResponse(json: try describe(name, app))
        })
        router.add("GET", "/__admin/snapshots", APIRoute(appAccess: .master) { request in
            let app = request.app
            return APIResponse(json: ["results": .array(try app.snapshots.all.map { try describe($0.name, app) })])
        })
        router.add("DELETE", "/__admin/snapshots/:name", APIRoute(appAccess: .master) { request in
            let removed = request.app.snapshots.remove(request.parameter("name"))
            return APIResponse(json: ["status": "ok", "deleted": JSON(removed ? 1 : 0)])
        })
    }

    private static func validName(_ request: RequestContext<AppRuntime>) throws -> String {
        let name = request.parameter("name")
        guard !name.isEmpty, name.utf8.count <= 128 else { throw APIError(.invalidParameter("A snapshot name has 1 to 128 bytes.")) }
        return name
    }

    private static func describe(_ name: String, _ app: AppRuntime) throws -> JSON {
        guard let snapshot = app.snapshots.snapshot(named: name) else { throw APIError(.noSuchSnapshot(name)) }
        return ["name": .string(name), "takenAt": .string(snapshot.takenAt.iso), "objects": JSON(snapshot.objectCount)]
    }
}

extension LCErrorCode {
    static func noSuchSnapshot(_ name: String) -> LCErrorCode {
        LCErrorCode(code: 1, message: "No snapshot named '\(name)'.", httpStatus: 404)
    }
}
