import EmuData
import EmuRouting
import LCWire

/// What a request must look like for a route to answer it: method, path template, and matchers
/// on headers, query parameters and body fields (JSON or form alike).
package struct RequestPattern: Sendable {
    static let keys = ["method", "path", "headers", "query", "body"]

    /// Upper case; nil matches every method.
    let method: String?
    let path: PathTemplate
    let headers: [(name: String, matcher: FieldMatcher)]
    let query: [(name: String, matcher: FieldMatcher)]
    let body: [(name: String, matcher: FieldMatcher)]
    /// Whether some matcher is a regular expression, so matching may take up to the request's
    /// regex budget (then on the worker pool). Known once, when the route is defined.
    let usesRegex: Bool

    init(json: JSON) throws {
        guard let object = json.objectValue else { throw RouteDefinitionError(field: "", "expected an object") }
        try RouteJSON.rejectUnknownKeys(object, known: Self.keys)
        if let value = object["method"] {
            guard let name = value.stringValue, !name.isEmpty else { throw RouteDefinitionError(field: "method", "expected a string such as \"GET\"") }
            method = name == "*" || name.uppercased() == "ANY" ? nil : name.uppercased()
        } else {
            method = nil
        }
        guard let pathText = object["path"]?.stringValue else { throw RouteDefinitionError(field: "path", "required: a string such as \"/news/:id\"") }
        do { path = try PathTemplate(pathText) } catch let error as RouteDefinitionError { throw error.at("path") }
        headers = try Self.matchers(object, "headers")
        query = try Self.matchers(object, "query")
        body = try Self.matchers(object, "body")
        usesRegex = [headers, query, body].contains { fields in fields.contains { $0.matcher.usesRegex } }
    }

    private static func matchers(_ object: JSONObject, _ key: String) throws -> [(name: String, matcher: FieldMatcher)] {
        guard let value = object[key] else { return [] }
        guard let fields = value.objectValue else { throw RouteDefinitionError(field: key, "expected an object of field → matcher") }
        return try fields.map { name, json in
            do { return (name, try FieldMatcher(json: json)) } catch let error as RouteDefinitionError { throw error.at("\(key).\(name)") }
        }
    }

    /// The path's captures when the method and path fit, else nil (the matchers are not asked).
    func captures(_ request: IncomingRequest) -> [String: String]? {
        guard method == nil || method == request.method || (method == "GET" && request.method == "HEAD") else { return nil }
        return path.match(request.path)
    }

    /// Every way `request` differs from this pattern: empty when it matches. For the near-miss
    /// report; the caller's values of secret fields are masked.
    func differences(_ request: IncomingRequest, within budget: RequestRegexBudget) -> [RouteDifference] {
        var found: [RouteDifference] = []
        if let method, method != request.method { found.append(RouteDifference("method: expected \(method), got \(request.method)")) }
        if path.match(request.path) == nil { found.append(RouteDifference("path: expected \(path.text), got \(request.path)")) }
        for (name, matcher) in headers {
            let secret = Redaction.isSecretHeader(name)
            if let miss = matcher.mismatch(request.header(name), secret: secret, within: budget) { found.append(miss.about("headers.\(name)")) }
        }
        for (name, matcher) in query {
            let secret = Redaction.isSecretField(name)
            if let miss = matcher.mismatch(request.query(name), secret: secret, within: budget) { found.append(miss.about("query.\(name)")) }
        }
        for (name, matcher) in body {
            let secret = name.split(separator: ".").contains { Redaction.isSecretField(String($0)) }
            if let miss = matcher.mismatch(request.bodyField(name), secret: secret, within: budget) { found.append(miss.about("body.\(name)")) }
        }
        return found
    }

    /// True when the matchers hold (the method and path already fit); throws when the request's
    /// regex budget runs out before that is known.
    func fieldsMatch(_ request: IncomingRequest, within budget: RequestRegexBudget) throws(RequestRegexBudget.Exhausted) -> Bool {
        for (name, matcher) in headers where !(try matcher.holds(request.header(name), within: budget)) { return false }
        for (name, matcher) in query where !(try matcher.holds(request.query(name), within: budget)) { return false }
        for (name, matcher) in body where !(try matcher.holds(request.bodyField(name), within: budget)) { return false }
        return true
    }
}
