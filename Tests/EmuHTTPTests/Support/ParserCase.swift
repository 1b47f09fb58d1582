import EmuHTTP
import Testing

/// One row of the request table: raw bytes and the outcome every feeding style must produce.
struct ParserCase: Sendable, CustomTestStringConvertible {
    /// What parsing the raw bytes must give.
    enum Outcome: Sendable {
        case request(ExpectedRequest)
        case failure(status: Int)
    }

    var name: String
    var raw: [UInt8]
    var limits: HTTPParserLimits
    var outcome: Outcome

    var testDescription: String { name }

    /// A case that parses into one request.
    static func ok(
        _ name: String, _ raw: [UInt8], limits: HTTPParserLimits = HTTPParserLimits(),
        method: String = "GET", path: String = "/", query: [Field] = [], headers: [Field] = [],
        body: [UInt8] = [], version: HTTPVersion = .http1_1
    ) -> ParserCase {
        ParserCase(
            name: name, raw: raw, limits: limits,
            outcome: .request(ExpectedRequest(
                method: method, path: path, query: query, headers: headers, body: body, version: version)))
    }

    static func ok(
        _ name: String, _ raw: String, limits: HTTPParserLimits = HTTPParserLimits(),
        method: String = "GET", path: String = "/", query: [Field] = [], headers: [Field] = [],
        body: String = "", version: HTTPVersion = .http1_1
    ) -> ParserCase {
        ok(name, bytes(raw), limits: limits, method: method, path: path, query: query,
           headers: headers, body: bytes(body), version: version)
    }

    /// A case that fails with `status`.
    static func fails(
        _ name: String, _ raw: [UInt8], status: Int, limits: HTTPParserLimits = HTTPParserLimits()
    ) -> ParserCase {
        ParserCase(name: name, raw: raw, limits: limits, outcome: .failure(status: status))
    }

    static func fails(
        _ name: String, _ raw: String, status: Int, limits: HTTPParserLimits = HTTPParserLimits()
    ) -> ParserCase {
        fails(name, bytes(raw), status: status, limits: limits)
    }
}

/// The parts of a parsed request a table row checks. Headers are checked by lookup, so a row
/// names only the fields it is about.
struct ExpectedRequest: Sendable {
    var method: String
    var path: String
    var query: [Field]
    var headers: [Field]
    var body: [UInt8]
    var version: HTTPVersion

    /// Records an issue for every part of `request` that differs.
    func verify(_ request: RequestSnapshot, _ location: SourceLocation = #_sourceLocation) {
        #expect(request.method == method, sourceLocation: location)
        #expect(request.path == path, sourceLocation: location)
        #expect(request.query == query, sourceLocation: location)
        #expect(request.version == version, sourceLocation: location)
        #expect(request.body == body, sourceLocation: location)
        let actual = HTTPHeaders(request.headers.map { (name: $0.name, value: $0.value) })
        for field in headers {
            #expect(actual[field.name] == field.value, "header \(field.name)", sourceLocation: location)
        }
    }
}

/// A request line of exactly `length` bytes (CRLF excluded), padded in the path.
func requestLine(length: Int, method: String = "GET") -> String {
    let fixed = method.utf8.count + " /".utf8.count + " HTTP/1.1".utf8.count
    return "\(method) /" + String(repeating: "a", count: max(0, length - fixed)) + " HTTP/1.1"
}

/// Field lines totalling exactly `length` bytes, CRLFs included: `Host: a` plus padding.
func fieldLines(length: Int) -> String {
    let host = "Host: a\r\n"
    let fixed = host.utf8.count + "X-Pad: \r\n".utf8.count
    return host + "X-Pad: " + String(repeating: "p", count: max(0, length - fixed)) + "\r\n"
}
