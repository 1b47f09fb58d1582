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
