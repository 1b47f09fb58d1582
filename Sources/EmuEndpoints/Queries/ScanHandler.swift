import EmuData
import EmuHTTP
import EmuRouting
import EmuSQLite
import Foundation
import LCWire

/// `GET /1.1/scan/classes/<Class>` (§3.9, master key): walks a whole class in `scan_key` order
/// with an opaque cursor instead of skip. The cursor holds the last key and objectId and
/// expires after 10 minutes of emulator time.
enum ScanHandler {
    static let cursorLifetimeMs: Int64 = 10 * 60 * 1000

    static func handle(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let app = request.app
        let className = request.parameter("className")
        guard LCNames.isValidClassName(className) else { throw APIError(.invalidClassName) }
        var scanKey = request.query("scan_key") ?? LCFieldName.objectId
        let descending = scanKey.hasPrefix("-")
        if descending { scanKey.removeFirst() }
        let parameters = try QueryParameters(request)
        let limit = QueryPaging.limit(request.query("limit"))
        if let whereObject = parameters.whereJSON?.objectValue, whereObject[scanKey] != nil {
            throw QueryError.invalid("scan_key \(scanKey) must not appear in where")
        }
        let now = app.clock.nowMilliseconds
        let after = try request.query("cursor").flatMap { try ScanCursor.decode($0, now: now) }
        return try app.database.read { db in
            var clauses: [JSON] = parameters.whereJSON.map { [$0] } ?? []
            if let after { clauses.append(.object(JSONObject([(scanKey, .object([descending ? "$lt" : "$gt": after]))]))) }
            let plan = try QueryPlan.make(
                className: className, where: clauses.isEmpty ? nil : .array(clauses),
                order: (descending ? "-" : "") + scanKey, limit: limit, skip: 0,
                scope: .unrestricted,  // the route takes the master key only
                schemaOf: { try QuerySchema.load($0, in: db) })
            let records = try QueryExecutor.records(plan, in: db)
            var body = JSONObject()
            let renderer = ObjectRenderer()
            body["results"] = .array(try records.map { .object(try renderer.render($0, in: db)) })
            if records.count == limit, let last = records.last?.json()[scanKey] {
                body["cursor"] = .string(ScanCursor.encode(last, expires: now + cursorLifetimeMs))
            } else {
                body["cursor"] = .null
            }
            return APIResponse(json: .object(body))
        }
    }
}

/// The opaque scan cursor: base64 of `{"k":<last key value>,"e":<expiry ms>}`.
enum ScanCursor {
    static func encode(_ key: JSON, expires: Int64) -> String {
        let json = JSON.object(["k": key, "e": .number(Double(expires))])
        return Data(json.serialized()).base64EncodedString()
    }

    /// The last key, or an error when the cursor is malformed or expired.
    static func decode(_ cursor: String, now: Int64) throws -> JSON? {
        guard let data = Data(base64Encoded: cursor), let object = (try? JSONParser.parse(Array(data)))?.objectValue,
              // The cursor comes back from the client: an expiry that is no Int64 is a bad cursor.
              let key = object["k"], let expires = object["e"]?.int64Value else {
            throw QueryError.invalid("bad scan cursor")
        }
        guard expires > now else { throw QueryError.invalid("scan cursor expired") }
        return key
    }
}
