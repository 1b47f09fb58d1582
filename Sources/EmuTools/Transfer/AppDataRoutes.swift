import EmuData
import EmuHTTP
import EmuRouting
import EmuSQLite
import LCWire

/// The whole app's data as one file, over the API (master key), in the format of
/// `lcemu exec --export-on-exit` (`AppDataDocument`, docs/import-export.md): what the dashboard's
/// snapshot panel downloads and restores from.
///
/// - `GET /__admin/export`: the data now; `GET /__admin/snapshots/<name>/export`: a snapshot's.
/// - `POST /__admin/import` with such a document: it replaces every object of the app (as a
///   snapshot restore does), all or nothing: the whole document is checked before anything is
///   written, and written in one transaction, so a bad file changes nothing.
package enum AppDataRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("GET", "/__admin/export", APIRoute(appAccess: .master, work: .slow) { request in
            let app = request.app
            return file(try app.exportDocument().bytes, named: app.configuration.appId)
        })
        router.add("GET", "/__admin/snapshots/:name/export", APIRoute(appAccess: .master, work: .slow) { request in
            let name = request.parameter("name")
            guard let snapshot = request.app.snapshots.snapshot(named: name) else { throw APIError(.noSuchSnapshot(name)) }
            return file(try document(of: snapshot, appId: request.app.configuration.appId), named: "\(request.app.configuration.appId)-\(name)")
        })
        router.add("POST", "/__admin/import", APIRoute(appAccess: .master, work: .slow) { request in
            let app = request.app
            let json = try request.jsonBody()
            guard AppDataDocument.isDocument(json) else {
                throw APIError(.invalidParameter("Not an app export: expected {\"classes\":{\"Post\":{\"results\":[...]}}}, as lcemu exec --export-on-exit and GET /__admin/export write."))
            }
            let now = app.clock.now
            let data: SeedData
            do {
                data = try AppDataDocument.seed(from: json, now: now)
            } catch let error as TransferError {
                throw APIError(.invalidParameter("Nothing was imported: \(error.description)"))
            }
            try app.database.write { db in
                for table in AppSchema.dataTables { try db.execute("DELETE FROM \(table)") }
                for record in data.records { try ObjectStore.insert(record, in: db) }
                for name in data.emptyClasses { try ObjectStore.ensureClass(name, now: now, in: db) }
            }
            let classes = Set(data.records.map(\.className)).union(data.emptyClasses)
            return APIResponse(json: ["status": "ok", "classes": JSON(classes.count), "objects": JSON(data.records.count)])
        })
    }

    /// A download: the document with a file name (`<appId>.json`).
    private static func file(_ bytes: [UInt8], named name: String) -> APIResponse {
        var response = APIResponse(contentType: "application/json;charset=utf-8", body: bytes)
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
        response.headers.set("Content-Disposition", "attachment; filename=\"\(safe).json\"")
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// A snapshot as a document: its rows put into a scratch in-memory database of the same
    /// schema, then read as an export reads the app's own.
    private static func document(of snapshot: DataSnapshot, appId: String) throws -> [UInt8] {
        let scratch = try AppDatabase.open(appId: appId, dataDirectory: ":memory:")
        defer { try? scratch.close() }
        try scratch.write { db in try snapshot.restore(into: db) }
        return AppDataDocument.serialize(try scratch.read { db in try AppDataDocument.classes(in: db) })
    }
}
