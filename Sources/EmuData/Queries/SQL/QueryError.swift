import LCWire

/// Rejections of malformed queries. LeanCloud's table has no code for an invalid query; code 1 is
/// its catch-all for bad parameters (§9), so we answer 400 code 1 with a message that says what is
/// wrong, as conditional writes do (docs/compatibility.md). Bad JSON is 107, bad GeoPoints 302.
package enum QueryError {
    package static func invalid(_ detail: String) -> APIError {
        APIError(.invalidQuery(detail))
    }

    /// Nesting past `QueryLimits.maxClauseDepth` (`$or`/`$and`, CQL parentheses), or past
    /// SQLite's own limits: one answer wherever it is caught.
    static var tooDeep: APIError { invalid("the query is too large or too deeply nested") }

    package static let malformedWhere = APIError(LCErrorCode.malformedJSON.with(message: "Malformed json object. The where parameter is not valid JSON."))

    static func invalidGeoPoint() -> APIError { APIError(.invalidGeoPoint) }
}
