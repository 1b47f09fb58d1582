import EmuCrypto
import EmuData
import EmuSQLite
import LCWire

/// What the dashboard's live views follow, per app, as one small JSON value
/// (`GET /__admin/status`, and each `state` event of `GET /__admin/events`):
///
/// - `version`, `dataDirectory`: the server's (`ServerFacts`), fixed while it runs.
/// - `instance`: random, new on every start of the server, and `startedAt` (real time, not the
///   emulator clock: what the overview's uptime counts from); `generation`: how many resets
///   (`POST /__admin/reset`) this instance has seen. The page starts its views over when
///   either changes: ids (the outbox's, the journal's) then start again or move on.
/// - `journal` `{lastId, clears}`, `outbox` `{lastId, count}`: what the lists show next.
/// - `counts`: each class's number of objects, recounted only when the database changed.
/// - `data`, `faults`, `time` (clock, stubs, calls, snapshots), `routes` (routes and scenario
///   states), `engine` (its calls and definitions; null for an app without an engine):
///   versions, which move when what they stand for changed since the last look.
///
/// Versions are found by comparing cheap fingerprints; nothing here is on a request's path.
/// Called on one queue only (`DashboardLive`'s).
final class DashboardState {
    let instance = SecureRandom.string(length: 12, alphabet: "0123456789abcdef")
    let startedAt = LCDate.now()
    private(set) var generation = 0
    private var versions: [String: (fingerprint: String, version: Int)] = [:]
    private var databaseChanges: Int?
    private var counts: [String: Int] = [:]

    func didReset() { generation += 1 }

    /// The state now; versions move for what changed since the last call.
    func current(of app: AppRuntime) -> JSON {
        refreshCounts(app)
        let journal = app.journal.position
        let outbox = app.outbox.messages()
        let clock = app.clock.state
        var json: JSONObject = [
            "instance": .string(instance),
            "startedAt": .string(startedAt.iso),
            "app": .string(app.configuration.appId),
            "version": app.server.version.map(JSON.string) ?? .null,
            "dataDirectory": .string(app.server.dataDirectory),
            "generation": JSON(generation),
            "journal": ["lastId": JSON(journal.lastId), "clears": JSON(journal.clears)],
            "outbox": ["lastId": JSON(Int(outbox.first?.id ?? 0)), "count": JSON(outbox.count)],
            "counts": .object(JSONObject(counts.sorted { $0.key < $1.key }.map { ($0.key, JSON($0.value)) })),
        ]
        json["data"] = JSON(version("data", String(databaseChanges ?? -1)))
        json["faults"] = JSON(version("faults", app.faults.all.map { "\($0.id):\($0.remaining ?? 0)" }.joined(separator: ",")))
        let functions = app.functions, calls = functions.calls()
        json["time"] = JSON(version("time", "\(clock.fixed) \(clock.offsetMilliseconds) \(functions.all.map(\.name)) "
            + "\(calls.count) \(calls.map(\.id).max() ?? 0) \(app.snapshots.all.map(\.name))"))
        let routes = app.customRoutes
        json["routes"] = JSON(version("routes", "\(routes.snapshot?.routes.map(\.id) ?? []) "
            + "\(routes.scenarios.map { "\($0.name)=\($0.state)" })"))
        if let engine = app.engine as? EngineClient {
            let calls = engine.calls.position
            json["engine"] = JSON(version("engine", "\(calls.lastId) \(calls.count) \(engine.knownDefinitions?.sorted() ?? [])"))
        } else {
            json["engine"] = .null
        }
        return .object(json)
    }

    private func version(_ topic: String, _ fingerprint: String) -> Int {
        guard let known = versions[topic] else {
            versions[topic] = (fingerprint, 1)
            return 1
        }
        guard known.fingerprint != fingerprint else { return known.version }
        versions[topic] = (fingerprint, known.version + 1)
        return known.version + 1
    }

    /// Counts again when the writer changed rows since the last count (SQLite's total changes of
    /// the writer connection, which every write goes through): one grouped count over the
    /// objects' class index, never per look.
    private func refreshCounts(_ app: AppRuntime) {
        guard let changes = try? app.database.writeWithoutTransaction({ $0.totalChanges }), changes != databaseChanges else { return }
        let counted = try? app.database.read { db -> [String: Int] in
            var counts: [String: Int] = [:]
            for row in try db.query("SELECT name FROM classes") { if let name = row.first?.textValue { counts[name] = 0 } }
            for row in try db.query("SELECT class, count(*) FROM objects GROUP BY class") {
                if let name = row.first?.textValue, let count = row.last?.int64Value { counts[name] = Int(count) }
            }
            return counts
        }
        guard let counted else { return }
        databaseChanges = changes
        counts = counted
    }
}
