import LCWire

/// Rejections of malformed queries. LeanCloud's public table has no code for an invalid query;
/// we answer 102 (the code its SDKs name `INVALID_QUERY`) with a message that says what is wrong
/// (docs/compatibility.md). Bad JSON is 107 and bad GeoPoints 302, as the table says.
enum QueryError {
    static func invalid(_ detail: String) -> APIError {
        APIError(LCErrorCode(code: 102, message: "Invalid query: \(detail)", httpStatus: 400))
    }

    static let malformedWhere = APIError(LCErrorCode.malformedJSON.with(message: "Malformed json object. The where parameter is not valid JSON."))

    static func invalidGeoPoint() -> APIError { APIError(.invalidGeoPoint) }
}
