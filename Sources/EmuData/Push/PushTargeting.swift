import EmuSQLite
import LCWire

/// Which installations a push reaches, and why: the `_Installation` query of its `where` (or
/// `cql`) and `channels` together, run as the master key would (a push is the server's act).
struct PushTargeting {
    let channels: [String]?
    let whereJSON: JSONObject?
    let cql: String?

    /// How many installations one query page reads; pages follow until the last.
    static let pageSize = 1000

    /// The `_Installation` condition: `where` (or the CQL statement's), and a channel in `channels`.
    func condition() throws -> JSON? {
        var parts: [JSON] = []
        if let whereJSON { parts.append(.object(whereJSON)) }
        if let cql {
            let query = try CQLQuery.parse(cql, values: [])
            guard query.className == LCClassName.installation else {
                throw APIError(.pushParameter("cql must select from _Installation."))
            }
            if let condition = query.whereJSON { parts.append(condition) }
        }
        if let channels { parts.append(["channels": ["$in": .array(channels.map(JSON.string))]]) }
        switch parts.count {
        case 0: return nil
        case 1: return parts[0]
        default: return ["$and": .array(parts)]
        }
    }

    /// Compiles the condition, so that a bad one is refused when the push is sent, not when it fires.
    func check(in db: Database) throws {
        _ = try plan(skip: 0, in: db)
    }

    /// Every matching installation, oldest first.
    func installations(in db: Database) throws -> [ObjectRecord] {
        var all: [ObjectRecord] = []
        while true {
            let page = try QueryExecutor.records(try plan(skip: all.count, in: db), in: db)
            all += page
            if page.count < Self.pageSize { return all }
        }
    }

    /// Why `installation` was reached, in words the outbox shows.
    func reasons(for installation: ObjectRecord) -> [String] {
        var reasons: [String] = []
        if let channels {
            let subscribed = Set((installation.fields["channels"]?.arrayValue ?? []).compactMap(\.stringValue))
            for channel in channels where subscribed.contains(channel) { reasons.append("channel \"\(channel)\"") }
        }
        if whereJSON != nil { reasons.append("where") }
        if cql != nil { reasons.append("cql") }
        if reasons.isEmpty { reasons.append("every installation") }
        return reasons
    }

    private func plan(skip: Int, in db: Database) throws -> QueryPlan {
        try QueryPlan.make(className: LCClassName.installation, where: try condition(), order: "createdAt",
                           limit: Self.pageSize, skip: skip, scope: try AccessContext.master.queryScope(in: db),
                           schemaOf: { try QuerySchema.load($0, in: db) })
    }
}

/// The data one platform receives from a push's `data` (the guide's "消息内容 Data"): the
/// object under its platform key (`ios`, `android`, `wp`) when there is one; otherwise the
/// keys that are not platform keys, when there are any; otherwise nothing.
enum PlatformData {
    static func chosen(from data: JSONObject, deviceType: String) -> (data: JSONObject, source: String)? {
        let platformKeys = Set(InstallationRules.deviceTypes)
        if let own = data[deviceType]?.objectValue { return (own, "data.\(deviceType)") }
        var common = JSONObject()
        for (key, value) in data where !platformKeys.contains(key) { common[key] = value }
        guard !common.isEmpty || data.isEmpty else { return nil }
        return (common, data.keys.contains(where: platformKeys.contains) ? "data without platform keys" : "data")
    }
}
