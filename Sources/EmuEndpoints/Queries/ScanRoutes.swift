import EmuData
import EmuHTTP
import EmuRouting
import EmuSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire

/// `GET /1.1/scan/classes/<Class>` (§3.9, master key): walks a whole class in `scan_key` order
/// with an opaque cursor instead of skip. The cursor holds the `scan_key` value of the page's
/// last object and expires after 10 minutes of emulator time.
///
/// ```
/// GET /1.1/scan/classes/Post?limit=2               → {"results":[{…},{…}],"cursor":"eyJr…"}
/// GET /1.1/scan/classes/Post?limit=2&cursor=eyJr…  → {"results":[{…}],"cursor":null}
/// ```
package enum ScanRoutes {
    static let cursorLifetimeMs: Int64 = 10 * 60 * 1000

    package static func register(in router: inout Router<APIRoute>) {
        router.add("GET", "/1.1/scan/classes/:className", APIRoute(appAccess: .master, work: .slow) { try scan($0) })
    }

    /// One page, written row by row like a query's (`QueryRoutes.answer`); a full page ends with
    /// the cursor after its last row, a shorter one (the class is done) with `null`.
    static func scan(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
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
        let body = try app.database.read { db -> [UInt8] in
            var clauses: [JSON] = parameters.whereJSON.map { [$0] } ?? []
            if let after { clauses.append(.object(JSONObject([(scanKey, .object([descending ? "$lt" : "$gt": after]))]))) }
            let plan = try QueryPlan.make(
                className: className, where: clauses.isEmpty ? nil : .array(clauses),
                order: (descending ? "-" : "") + scanKey, limit: limit, skip: 0,
                scope: .unrestricted,  // the route takes the master key only
                schemaOf: { try QuerySchema.load($0, in: db) })
            let renderer = ObjectRenderer()
            let splicing = renderer.splices(plan.className)
            var out = JSONSerializer(reservingCapacity: 64 + 512 * min(limit, 100))
            out.appendASCII(#"{"results":["#)
            var count = 0
            var lastKey: JSON?
            try QueryExecutor.forEachRow(plan, in: db) { row in
                if count > 0 { out.appendByte(UInt8(ascii: ",")) }
                count += 1
                // Only a full page has a cursor, and the page never exceeds `limit`: its key is
                // that of the limit-th row, read before rendering may reuse the statement.
                if count == limit {
                    lastKey = try ObjectStore.record(fromQueryRow: row, className: plan.className).json()[scanKey]
                }
                try renderer.appendRow(row, className: plan.className, splicing: splicing, to: &out, in: db)
            }
            out.appendASCII(#"],"cursor":"#)
            if let lastKey {
                out.appendString(ScanCursor.encode(lastKey, expires: now + cursorLifetimeMs))
            } else {
                out.append(.null)
            }
            out.appendByte(UInt8(ascii: "}"))
            return out.bytes
        }
        return APIResponse(serializedJSON: body)
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
