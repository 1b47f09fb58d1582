import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// A request as custom routes see it: method, path, query, headers, and the body's fields, read
/// the same way whether the client sent JSON or a form (AFNetworking's default), once per request.
package struct IncomingRequest: Sendable {
    package let http: HTTPRequest
    /// The body: a JSON object, or a form's fields as strings; nil when empty or neither.
    let body: JSONObject?

    package init(_ http: HTTPRequest) {
        self.http = http
        body = Self.fields(of: http)
    }

    var method: String { http.method }
    var path: String { http.path }

    /// The first query parameter of that name, as a string.
    func query(_ name: String) -> JSON? { http.queryValue(name).map { .string($0) } }

    /// A header, by name in any case.
    func header(_ name: String) -> JSON? { http.headers[name].map { .string($0) } }

    /// A body field; `a.b` reaches into nested JSON objects.
    func bodyField(_ name: String) -> JSON? {
        guard let body else { return nil }
        if let direct = body[name] { return direct }
        var value: JSON? = .object(body)
        for key in name.split(separator: ".") { value = value?[String(key)] }
        return value
    }

    /// JSON when the content type says so or the body looks like an object; a form otherwise.
    private static func fields(of http: HTTPRequest) -> JSONObject? {
        guard !http.body.isEmpty else { return nil }
        let type = http.headers["Content-Type"]?.lowercased() ?? ""
        if type.contains("json") || http.body.first == UInt8(ascii: "{") {
            return (try? JSONParser.parse(http.body))?.objectValue
        }
        guard type.isEmpty || type.contains("x-www-form-urlencoded") || type.hasPrefix("text/plain") else { return nil }
        return QueryString.fields(String(decoding: http.body, as: UTF8.self))
    }
}
