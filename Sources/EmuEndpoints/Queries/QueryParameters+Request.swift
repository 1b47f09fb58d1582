import EmuData
import EmuRouting
import LCWire

/// A query's parameters as a `/1.1` request carries them: the query string, `where` as JSON.
extension QueryParameters {
    /// The parameters of `request`, its `where` parsed strictly (`RequestContext<AppRuntime>.whereParameter()`).
    init(_ request: RequestContext<AppRuntime>) throws {
        self.init({ request.query($0) }, where: try request.whereParameter())
    }
}

extension RequestContext<AppRuntime> {
    /// The `where` parameter parsed strictly (`JSONInput`); nil when absent or empty.
    func whereParameter(syntaxError: APIError = QueryError.malformedWhere) throws -> JSON? {
        guard let text = query("where"), !text.isEmpty else { return nil }
        return try jsonQuery("where", syntaxError: syntaxError)
    }
}
