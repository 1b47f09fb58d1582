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

// MARK: - OutboxMessage

/// One message the emulator "sent": an SMS, a voice call, an email, a captcha answer, a push
/// notification (whose `push` says which installations it reached and why, docs/push.md) or a
/// realtime message (whose `message` names its conversation and recipients, docs/messages.md).
/// Nothing leaves the machine; tests read these through `GET /__admin/outbox` (docs/captcha-sms.md).
public struct OutboxMessage: Sendable, Equatable {
    /// What carried the message.
    public enum Kind: String, Sendable, CaseIterable {
        case sms, voice, email, captcha, push, message
    }

    /// Increasing per app, assigned by `Outbox.deliver`.
    public internal(set) var id: Int64 = 0
    public var kind: Kind
    /// Phone number (E.164, `+8618600000000`), email address, or captcha token.
    public var to: String
    /// The human-readable text, as a real SMS or email would read.
    public var text: String
    /// The code in the text, when there is one (SMS code, captcha answer).
    public var code: String?
    /// The link in the text, when there is one (email verification, password reset).
    public var link: String?
    /// Why it was sent: `verify`, `login`, `resetPassword`, `changePhone`, `captcha`, …
    public var purpose: String
    /// A push's account (`kind` push only): the notification, its deliveries and skips.
    public var push: JSON?
    /// A realtime message's account (`kind` message): conversation, sender, recipients.
    public var message: JSON?
    /// Emulator time of delivery, assigned by `Outbox.deliver` from the app clock.
    public internal(set) var sentAt = LCDate(millisecondsSince1970: 0)

    public init(kind: Kind, to: String, text: String, code: String? = nil, link: String? = nil, purpose: String,
                push: JSON? = nil, message: JSON? = nil) {
        self.kind = kind
        self.push = push
        self.message = message
        self.to = to
        self.text = text
        self.code = code
        self.link = link
        self.purpose = purpose
    }

    /// The message as `/__admin/outbox` lists it; absent `code`, `link`, `push` and `message` are left out.
    public var json: JSON {
        var object = JSONObject()
        object["id"] = JSON(id)
        object["kind"] = .string(kind.rawValue)
        object["to"] = .string(to)
        object["text"] = .string(text)
        if let code { object["code"] = .string(code) }
        if let link { object["link"] = .string(link) }
        object["purpose"] = .string(purpose)
        if let push { object["push"] = push }
        if let message { object["message"] = message }
        object["sentAt"] = .string(sentAt.iso)
        return .object(object)
    }
}
