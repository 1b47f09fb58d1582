import EmuData
import EmuHTTP
import EmuRouting
import LCWire
import Primitives

/// The newest requests the server answered, for tests and the dashboard (`/__admin/requests`).
/// A ring of at most `capacity` records, shared by every app; each app's master key reads its
/// own app's records and those of no app. Capacity 0 records nothing.
public final class RequestJournal: Sendable {
    public let capacity: Int
    private let clock: EmulatorClock
    private let state: Locked<State>

    private struct State {
        var ring: [JournalRecord] = []
        /// Where the next record goes once the ring is full.
        var next = 0
        var lastId = 0

        /// The records oldest first.
        var ordered: [JournalRecord] { Array(ring[next...] + ring[..<next]) }
    }

    public init(capacity: Int, clock: EmulatorClock) {
        self.capacity = max(0, capacity)
        self.clock = clock
        var state = State()
        state.ring.reserveCapacity(self.capacity)
        self.state = Locked(state)
    }

    package var isEnabled: Bool { capacity > 0 }

    /// Keeps one answered request; the oldest goes when the ring is full.
    package func record(appId: String?, request: HTTPRequest, response: HTTPResponse, nanoseconds: UInt64,
                route: String?, unmatched: Bool, nearMisses: JSON?) {
        guard isEnabled else { return }
        let milliseconds = clock.nowMilliseconds
        var request = request
        if let cut = JournalRecord.cut(request.body) { request.body = cut }
        var response = response
        if let cut = JournalRecord.cut(response.body) { response.body = cut }
        let evicted = state.withValue { state -> JournalRecord? in
            state.lastId += 1
            let record = JournalRecord(
                id: state.lastId, milliseconds: milliseconds, appId: appId, request: request,
                response: response, nanoseconds: nanoseconds, route: route, unmatched: unmatched,
                nearMisses: nearMisses)
            if state.ring.count < capacity {
                state.ring.append(record)
                return nil
            }
            defer { state.next = (state.next + 1) % capacity }
            return swapRecord(&state.ring[state.next], record)
        }
        // The oldest record is freed here, outside the lock the other event loops wait on.
        withExtendedLifetime(evicted) {}
    }

    private func swapRecord(_ slot: inout JournalRecord, _ record: JournalRecord) -> JournalRecord {
        let old = slot
        slot = record
        return old
    }

    /// The records `appId`'s master key may read, newest first.
    func records(visibleTo appId: String) -> [JournalRecord] {
        state.withValue { $0.ordered }.reversed().filter { $0.isVisible(to: appId) }
    }

    /// Forgets the records `appId`'s master key may read; how many went.
    @discardableResult
    func clear(visibleTo appId: String) -> Int {
        state.withValue { state in
            let ordered = state.ordered
            let kept = ordered.filter { !$0.isVisible(to: appId) }
            state.ring = kept
            state.ring.reserveCapacity(capacity)
            state.next = 0
            return ordered.count - kept.count
        }
    }
}

// MARK: - JournalFilter

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

// MARK: - JournalRoutes

/// `/__admin/requests` (master key): the request journal, for tests that verify what an app
/// sent and for the dashboard's live view (docs/testing.md).
package enum JournalRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("GET", "/__admin/requests", APIRoute(appAccess: .master) { request in
            let app = request.app
            let filter = try JournalFilter(query: request.query)
            let listed = app.journal.records(visibleTo: app.configuration.appId)
                .lazy.filter(filter.matches).prefix(filter.limit).map(\.json)
            return APIResponse(json: ["results": .array(Array(listed)), "capacity": JSON(app.journal.capacity)])
        })
        router.add("DELETE", "/__admin/requests", APIRoute(appAccess: .master) { request in
            let app = request.app
            let deleted = app.journal.clear(visibleTo: app.configuration.appId)
            return APIResponse(json: ["status": "ok", "deleted": JSON(deleted)])
        })
    }
}
