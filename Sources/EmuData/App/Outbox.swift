import LCWire
import Primitives

/// The messages one app has "sent", newest kept: a side door for tests, which cannot receive
/// an SMS or read a captcha picture (login-flows.md §1). In memory only: a restart or
/// `POST /__admin/reset` empties it. Holds at most `capacity` messages; older ones drop off.
public final class Outbox: Sendable {
    /// How many messages are kept; the oldest are dropped beyond it.
    public static let capacity = 1000

    private struct State {
        var messages: [OutboxMessage] = []
        var nextId: Int64 = 1
    }

    private let clock: EmulatorClock
    private let state = Locked(State())

    public init(clock: EmulatorClock) {
        self.clock = clock
    }

    /// Records a message, stamping its id and `sentAt` (app clock); returns it as stored.
    @discardableResult
    public func deliver(_ message: OutboxMessage) -> OutboxMessage {
        var message = message
        message.sentAt = clock.now
        return state.withValue { state in
            message.id = state.nextId
            state.nextId += 1
            state.messages.append(message)
            if state.messages.count > Self.capacity {
                state.messages.removeFirst(state.messages.count - Self.capacity)
            }
            return message
        }
    }

    /// The messages matching every given filter, newest first.
    public func messages(kind: OutboxMessage.Kind? = nil, to: String? = nil, purpose: String? = nil) -> [OutboxMessage] {
        messages(matching: OutboxFilter(kinds: kind.map { [$0] }, to: to, purpose: purpose))
    }

    /// The messages a filter accepts, newest first.
    public func messages(matching filter: OutboxFilter) -> [OutboxMessage] {
        state.current.messages.reversed().filter(filter.accepts)
    }

    /// The newest message sent to `to`, of any kind.
    public func latest(to: String) -> OutboxMessage? {
        messages(to: to).first
    }

    /// Empties the outbox; returns how many messages were dropped. Ids keep increasing.
    @discardableResult
    public func clear() -> Int {
        state.withValue { state in
            defer { state.messages.removeAll() }
            return state.messages.count
        }
    }
}

/// Which outbox messages a listing wants; nil members accept everything.
public struct OutboxFilter: Sendable, Equatable {
    /// Accepted kinds; nil = all.
    public var kinds: Set<OutboxMessage.Kind>?
    /// Exact recipient: phone (E.164), email address, or captcha token.
    public var to: String?
    public var purpose: String?

    public init(kinds: Set<OutboxMessage.Kind>? = nil, to: String? = nil, purpose: String? = nil) {
        self.kinds = kinds
        self.to = to
        self.purpose = purpose
    }

    func accepts(_ message: OutboxMessage) -> Bool {
        if let kinds, !kinds.contains(message.kind) { return false }
        if let to, message.to != to { return false }
        if let purpose, message.purpose != purpose { return false }
        return true
    }
}
