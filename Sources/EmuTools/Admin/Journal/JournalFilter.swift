import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// The query of `GET /__admin/requests`: which records to list, newest first. Besides the
/// record's own fields (method, path prefix, status, route, caller, `unmatched`), a request's query
/// parameters, headers and body fields: `query.<name>=v`, `header.<name>=v` (any case),
/// `body.<name>=v` (`a.b` reaches into nested objects; JSON and form bodies, read as custom
/// routes read them, IncomingRequest). Every filter must hold (AND), and a field filter may
/// repeat. A parameter the journal does not know is refused, never ignored: a test filtering on a
/// misspelt name would otherwise assert on every record.
struct JournalFilter {
    var method: String?
    /// A path prefix.
    var pathPrefix: String?
    /// An exact status (`404`) or a class (`4xx` → 4).
    var status: StatusMatch?
    var route: String?
    /// The objectId of the caller a route with `auth` answered.
    var caller: String?
    var unmatchedOnly = false
    /// Only records newer than this id: what a poller has not seen yet.
    var after = 0
    var limit = 100
    /// The request's query parameters, headers and body fields that must hold these values.
    var fields: [FieldFilter] = []

    enum StatusMatch: Equatable {
        case exact(Int)
        case hundreds(Int)

        func matches(_ status: Int) -> Bool {
            switch self {
            case .exact(let wanted): return status == wanted
            case .hundreds(let digit): return status / 100 == digit
            }
        }
    }

    static let maximumLimit = 1000
    /// Every parameter the journal reads, as its 400 lists them. The dashboard sends `after`,
    /// `limit`, `status`, `path` and `unmatched`.
    static let knownNames = ["method", "path", "status", "route", "caller", "unmatched", "after", "limit"]
        + FieldFilter.Place.allCases.map { "\($0.rawValue).<name>" }

    /// Reads the filter from a request's query; an unknown parameter or a malformed value is a
    /// 400 naming it.
    init(_ query: [(name: String, value: String)]) throws {
        for (name, value) in query {
            if let field = try FieldFilter(name: name, value: value) {
                fields.append(field)
                continue
            }
            // The first of a repeated record filter applies, as the HTTP request's queryValue reads it.
            switch name {
            case "method": method = method ?? value.uppercased()
            case "path": pathPrefix = pathPrefix ?? value
            case "route": route = route ?? value
            case "caller": caller = caller ?? value
            case "status": if status == nil { status = try Self.statusMatch(value) }
            case "unmatched": unmatchedOnly = unmatchedOnly || ["1", "true"].contains(value)
            case "after":
                guard let number = Int(value), number >= 0 else { throw Self.invalid("after", value) }
                after = max(after, number)
            case "limit":
                guard let number = Int(value), (1...Self.maximumLimit).contains(number) else { throw Self.invalid("limit", value) }
                limit = number
            default:
                throw APIError(.invalidParameter(
                    "Unknown filter '\(name)' for the request journal (known: \(Self.knownNames.joined(separator: ", ")))."))
            }
        }
    }

    func matches(_ record: JournalRecord) -> Bool {
        if record.id <= after { return false }
        if let method, record.request.method != method { return false }
        if let pathPrefix, !record.request.path.hasPrefix(pathPrefix) { return false }
        if let status, !status.matches(record.response.status) { return false }
        if let route, record.route != route { return false }
        if let caller, record.caller != caller { return false }
        if unmatchedOnly && !record.unmatched { return false }
        guard !fields.isEmpty else { return true }
        let request = IncomingRequest(record.request)
        return fields.allSatisfy { $0.matches(request) }
    }

    private static func statusMatch(_ text: String) throws -> StatusMatch {
        if let exact = Int(text), (100...599).contains(exact) { return .exact(exact) }
        let lowered = text.lowercased()
        if lowered.count == 3, lowered.hasSuffix("xx"), let digit = Int(lowered.prefix(1)), (1...5).contains(digit) {
            return .hundreds(digit)
        }
        throw invalid("status", text)
    }

    static func invalid(_ name: String, _ value: String) -> APIError {
        APIError(.invalidParameter("Invalid \(name) '\(value)' for the request journal."))
    }
}

// MARK: - FieldFilter

/// `query.<name>=v`, `header.<name>=v` or `body.<name>=v`: the request carried that value there.
/// Values compare loosely, as route matchers do (`1` equals the form field `"1"`), and as the
/// journal shows them: a secret is masked there, so it never matches here. A filter naming a
/// secret (`body.password`, `header.X-LC-Key`) is refused: it could only ever match nothing.
struct FieldFilter: Sendable {
    enum Place: String, CaseIterable, Sendable {
        case query, header, body
    }

    let place: Place
    let name: String
    let value: String

    /// Nil when `name` is not a field filter.
    init?(name parameter: String, value: String) throws {
        guard let dot = parameter.firstIndex(of: "."), let place = Place(rawValue: String(parameter[..<dot])) else { return nil }
        let name = String(parameter[parameter.index(after: dot)...])
        guard !name.isEmpty else { throw JournalFilter.invalid("filter", parameter) }
        // A nested body name is secret when any of its keys is: the journal masks the whole value.
        let keys = place == .body ? name.split(separator: ".").map(String.init) + [name] : [name]
        guard !keys.contains(where: { SecretNames.isSecret($0) }) else {
            throw APIError(.invalidParameter(
                "Filter '\(parameter)' names a secret, which the request journal masks: it can match no request."))
        }
        self.place = place
        self.name = name
        self.value = value
    }

    func matches(_ request: IncomingRequest) -> Bool {
        let path = request.http.path
        switch place {
        case .query:
            guard !SecretNames.isSecret(name, inBodyOf: path) else { return false }
            return request.http.query.contains { $0.name == name && Redaction.value($0.value) == value }
        case .header:
            guard let found = request.header(name)?.stringValue else { return false }
            return SecretText.masked(found) == value
        case .body:
            // Fields secret on one route only (`code` of changePhoneNumber) are masked in its records.
            guard !name.split(separator: ".").contains(where: { SecretNames.isSecret($0, inBodyOf: path) }),
                  let found = request.bodyField(name) else { return false }
            return Self.shown(found, path: path) == value
        }
    }

    /// A value as the journal shows it: secrets inside text masked, JSON with its secret keys masked.
    private static func shown(_ text: String, path: String) -> String {
        SecretText.masked(text) { SecretNames.isSecret($0, inBodyOf: path) }
    }

    private static func shown(_ value: JSON, path: String) -> String {
        switch value {
        case .string(let text): return shown(text, path: path)
        case .object, .array: return Redaction.masked(value) { SecretNames.isSecret($0, inBodyOf: path) }.jsonString
        default: return value.jsonString
        }
    }
}
