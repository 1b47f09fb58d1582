import LCWire

/// The query-string parameters of `GET /1.1/classes/<Class>` (§3.1) that select and page;
/// `keys`, `include` and `returnACL` are `RenderOptions`, shared with fetch.
package struct QueryParameters {
    package var whereJSON: JSON?
    package var order: String?
    package var limit: Int
    package var skip: Int
    package var count: Bool

    /// Reads the parameters through `value(name)`; `where` is parsed already
    /// (`RequestContext<AppRuntime>.whereParameter()`: not JSON → 107).
    package init(_ value: (String) -> String?, where whereJSON: JSON? = nil) {
        self.whereJSON = whereJSON
        order = value("order").flatMap { $0.isEmpty ? nil : $0 }
        count = ["1", "true"].contains(value("count") ?? "")
        // §3.1: limit=0 with count=1 returns only the count.
        if count, value("limit") == "0" {
            limit = 0
        } else {
            limit = QueryPaging.limit(value("limit"))
        }
        skip = QueryPaging.skip(value("skip"))
    }
}

/// `limit` and `skip` as LeanCloud reads them (§3.1): limit defaults to 100 and any value outside
/// 1...1000 becomes 100; skip defaults to 0 and negatives become 0.
package enum QueryPaging {
    package static let defaultLimit = 100
    static let maxLimit = 1000

    package static func limit(_ raw: String?) -> Int {
        guard let raw, let value = Int(raw), (1...maxLimit).contains(value) else { return defaultLimit }
        return value
    }

    static func skip(_ raw: String?) -> Int {
        guard let raw, let value = Int(raw), value > 0 else { return 0 }
        return value
    }
}
