import LCWire

/// The `pvalues` query parameter of `/1.1/cloudQuery`: the values of the statement's `?`s.
///
/// Two forms reach the service: a JSON array (`[15,"a"]`), and that array JSON-encoded a second
/// time (`"[10, 30]"`), which the Python SDK sends when it is given a list
/// (leancloud/query.py, `do_cloud_query`: `json.dumps(json.dumps(list))`), even an empty one for
/// a statement without `?`. LeanCloud accepts both, so LCEmu does: a JSON string is parsed once
/// more and must then hold an array. Values beyond the placeholders are ignored, as there.
package enum CQLParameterValues {
    /// The values from the parameter parsed once (strictly, by `JSONInput`); nil when absent.
    package static func values(from outer: JSON?) throws -> [JSON] {
        guard let outer else { return [] }
        if let array = outer.arrayValue { return array }
        guard let inner = outer.stringValue, let array = (try? JSONParser.parse(inner))?.arrayValue else {
            throw CQLError.syntax("pvalues must be a JSON array")
        }
        return array
    }
}
