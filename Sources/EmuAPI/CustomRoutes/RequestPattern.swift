import LCWire

/// What a request must look like for a route to answer it: method, path template, and matchers
/// on headers, query parameters and body fields (JSON or form alike).
struct RequestPattern: Sendable {
    static let keys = ["method", "path", "headers", "query", "body"]

    /// Upper case; nil matches every method.
    let method: String?
    let path: PathTemplate
    let headers: [(name: String, matcher: FieldMatcher)]
    let query: [(name: String, matcher: FieldMatcher)]
    let body: [(name: String, matcher: FieldMatcher)]

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

    /// Every way `request` differs from this pattern: empty when it matches. For the near-miss report.
    func differences(_ request: IncomingRequest) -> [String] {
        var found: [String] = []
        if let method, method != request.method { found.append("method: expected \(method), got \(request.method)") }
        if path.match(request.path) == nil { found.append("path: expected \(path.text), got \(request.path)") }
        for (name, matcher) in headers {
            if let reason = matcher.mismatch(request.header(name), secret: Redaction.isSecretHeader(name)) {
                found.append("headers.\(name): \(reason)")
            }
        }
        for (name, matcher) in query {
            if let reason = matcher.mismatch(request.query(name), secret: Redaction.isSecretField(name)) {
                found.append("query.\(name): \(reason)")
            }
        }
        for (name, matcher) in body {
            let secret = name.split(separator: ".").contains { Redaction.isSecretField(String($0)) }
            if let reason = matcher.mismatch(request.bodyField(name), secret: secret) { found.append("body.\(name): \(reason)") }
        }
        return found
    }

    /// True when the matchers hold (the method and path already fit).
    func fieldsMatch(_ request: IncomingRequest) -> Bool {
        headers.allSatisfy { $0.matcher.mismatch(request.header($0.name)) == nil }
            && query.allSatisfy { $0.matcher.mismatch(request.query($0.name)) == nil }
            && body.allSatisfy { $0.matcher.mismatch(request.bodyField($0.name)) == nil }
    }
}
