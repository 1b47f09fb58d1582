import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// A request as custom routes see it: method, path, query, headers, and the body's fields, read
/// the same way whether the client sent JSON, a form (AFNetworking's default) or a multipart form,
/// once per request.
package struct IncomingRequest: Sendable {
    package let http: HTTPRequest
    /// The body: a JSON object, or a form's fields as strings (a multipart file part as
    /// `{"filename","contentType","size"}`); nil when empty or none of these.
    let body: JSONObject?
    /// The body is a form (URL-encoded or multipart): its values are text, whatever they mean.
    let bodyIsForm: Bool

    package init(_ http: HTTPRequest) {
        self.http = http
        (body, bodyIsForm) = Self.fields(of: http)
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

    /// JSON when the content type says so or the body looks like an object; a multipart form when
    /// it says so (MultipartForm: a malformed one has no fields); a form otherwise.
    private static func fields(of http: HTTPRequest) -> (JSONObject?, isForm: Bool) {
        guard !http.body.isEmpty else { return (nil, false) }
        let type = http.headers["Content-Type"]?.lowercased() ?? ""
        if MultipartForm.isMultipart(type) {
            return (MultipartForm(body: http.body, contentType: http.headers["Content-Type"]).map(multipartFields), true)
        }
        if type.contains("json") || http.body.first == UInt8(ascii: "{") {
            return ((try? JSONParser.parse(http.body))?.objectValue, false)
        }
        guard type.isEmpty || type.contains("x-www-form-urlencoded") || type.hasPrefix("text/plain") else { return (nil, false) }
        return (QueryString.fields(String(decoding: http.body, as: UTF8.self)), true)
    }

    /// Text parts as strings; a file part as what a matcher can test without its bytes. The
    /// first part of a repeated name wins, as in a URL-encoded form.
    private static func multipartFields(_ form: MultipartForm) -> JSONObject {
        var fields = JSONObject()
        for part in form.parts where fields[part.name] == nil {
            if let filename = part.filename {
                var file = JSONObject()
                file["filename"] = .string(filename)
                file["contentType"] = part.contentType.map(JSON.string) ?? .null
                file["size"] = JSON(part.body.count)
                fields[part.name] = .object(file)
            } else {
                fields[part.name] = .string(part.text)
            }
        }
        return fields
    }
}
