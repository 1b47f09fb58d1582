import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// The query of `GET /__admin/requests`: which records to list, newest first.
struct JournalFilter {
    var method: String?
    /// A path prefix.
    var pathPrefix: String?
    /// An exact status (`404`) or a class (`4xx` → 4).
    var status: StatusMatch?
    var route: String?
    var unmatchedOnly = false
    /// Only records newer than this id: what a poller has not seen yet.
    var after = 0
    var limit = 100

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

    /// Reads the filter from a request's query; a malformed value is a 400 naming it.
    init(query: (String) -> String?) throws {
        method = query("method")?.uppercased()
        pathPrefix = query("path")
        route = query("route")
        if let status = query("status") { self.status = try Self.statusMatch(status) }
        if let unmatched = query("unmatched") { unmatchedOnly = ["1", "true"].contains(unmatched) }
        if let after = query("after") {
            guard let value = Int(after), value >= 0 else { throw Self.invalid("after", after) }
            self.after = value
        }
        if let limit = query("limit") {
            guard let value = Int(limit), (1...Self.maximumLimit).contains(value) else {
                throw Self.invalid("limit", limit)
            }
            self.limit = value
        }
    }

    func matches(_ record: JournalRecord) -> Bool {
        if record.id <= after { return false }
        if let method, record.request.method != method { return false }
        if let pathPrefix, !record.request.path.hasPrefix(pathPrefix) { return false }
        if let status, !status.matches(record.response.status) { return false }
        if let route, record.route != route { return false }
        if unmatchedOnly && !record.unmatched { return false }
        return true
    }

    private static func statusMatch(_ text: String) throws -> StatusMatch {
        if let exact = Int(text), (100...599).contains(exact) { return .exact(exact) }
        let lowered = text.lowercased()
        if lowered.count == 3, lowered.hasSuffix("xx"), let digit = Int(lowered.prefix(1)), (1...5).contains(digit) {
            return .hundreds(digit)
        }
        throw invalid("status", text)
    }

    private static func invalid(_ name: String, _ value: String) -> APIError {
        APIError(.invalidParameter("Invalid \(name) '\(value)' for the request journal."))
    }
}
