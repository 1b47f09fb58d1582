import EmuData
import EmuHTTP
import EmuRouting
import LCWire
import Primitives

/// The newest requests the server answered, for tests and the dashboard (`/__admin/requests`).
/// A ring of at most `capacity` records, shared by every app; each app's master key reads its
/// own app's records and those of no app. Capacity 0 records nothing.
// @unchecked: `state` is reached only while holding `lock`, which also makes the runtime's
// exclusivity check redundant. A `Locked<State>` was a generic call across modules, unspecialised,
// on every request (issue 31).
public final class RequestJournal: @unchecked Sendable {
    public let capacity: Int
    private let clock: EmulatorClock
    private let lock = Lock()
    @exclusivity(unchecked) private var state: State

    private struct State {
        var ring: [JournalRecord] = []
        /// Where the next record goes once the ring is full.
        var next = 0
        var lastId = 0
        /// How many times records were forgotten (`clear`): the dashboard starts its view over.
        var clears = 0

        /// The records oldest first.
        var ordered: [JournalRecord] { Array(ring[next...] + ring[..<next]) }
    }

    public init(capacity: Int, clock: EmulatorClock) {
        self.capacity = max(0, capacity)
        self.clock = clock
        var state = State()
        state.ring.reserveCapacity(self.capacity)
        self.state = state
    }

    package var isEnabled: Bool { capacity > 0 }

    /// Keeps one answered request; the oldest goes when the ring is full.
    package func record(appId: String?, request: HTTPRequest, response: HTTPResponse, nanoseconds: UInt64,
                route: String?, unmatched: Bool, nearMisses: JSON?, caller: String? = nil, requestId: RequestId? = nil) {
        guard isEnabled else { return }
        // Made outside the lock and moved into the ring, not copied there: each copy of a record
        // retained its request, response and strings, released again with the original (issue 31).
        var record = JournalRecord(
            id: 0, milliseconds: clock.nowMilliseconds, appId: appId, request: JournalRecord.kept(request),
            response: JournalRecord.kept(response), nanoseconds: nanoseconds, route: route, unmatched: unmatched,
            nearMisses: nearMisses, caller: caller, requestId: requestId)
        // The lock taken and left here rather than around a closure: the record, a variable the
        // closure captured, was checked for exclusive access at run time on every request.
        lock.lock()
        state.lastId += 1
        record.id = state.lastId
        if state.ring.count < capacity {
            state.ring.append(record)
            lock.unlock()
            return
        }
        // The oldest record changes places with the new one...
        swap(&state.ring[state.next], &record)
        state.next = state.next + 1 == capacity ? 0 : state.next + 1
        lock.unlock()
        // ...and is freed here, outside the lock the other event loops wait on.
        withExtendedLifetime(record) {}
    }

    /// The newest record's id (of any app) and how many clears there were: what changes when
    /// the journal does, for the dashboard's live view.
    package var position: (lastId: Int, clears: Int) { lock.withLock { (state.lastId, state.clears) } }

    /// The records `appId`'s master key may read, newest first.
    func records(visibleTo appId: String) -> [JournalRecord] {
        lock.withLock { state.ordered }.reversed().filter { $0.isVisible(to: appId) }
    }

    /// Forgets the records `appId`'s master key may read; how many went.
    @discardableResult
    func clear(visibleTo appId: String) -> Int {
        lock.withLock {
            let ordered = state.ordered
            let kept = ordered.filter { !$0.isVisible(to: appId) }
            state.ring = kept
            state.ring.reserveCapacity(capacity)
            state.next = 0
            state.clears += 1
            return ordered.count - kept.count
        }
    }
}

// MARK: - JournalRoutes

/// `/__admin/requests` (master key): the request journal, for tests that verify what an app
/// sent and for the dashboard's live view (docs/testing.md).
package enum JournalRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("GET", "/__admin/requests", APIRoute(appAccess: .master) { request in
            let app = request.app
            let filter = try JournalFilter(request.http.query)
            let listed = app.journal.records(visibleTo: app.configuration.appId)
                .lazy.filter(filter.matches).prefix(filter.limit).map { $0.json(engine: app.engine as? EngineClient) }
            return APIResponse(json: ["results": .array(Array(listed)), "capacity": JSON(app.journal.capacity)])
        })
        router.add("DELETE", "/__admin/requests", APIRoute(appAccess: .master) { request in
            let app = request.app
            let deleted = app.journal.clear(visibleTo: app.configuration.appId)
            return APIResponse(json: ["status": "ok", "deleted": JSON(deleted)])
        })
    }
}
