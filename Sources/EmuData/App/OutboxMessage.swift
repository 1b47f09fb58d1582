import LCWire

/// One message the emulator "sent": an SMS, a voice call, an email or a captcha answer.
/// Nothing leaves the machine; tests read these through `GET /__admin/outbox` (docs/captcha-sms.md).
public struct OutboxMessage: Sendable, Equatable {
    /// What carried the message.
    public enum Kind: String, Sendable, CaseIterable {
        case sms, voice, email, captcha
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
    /// Emulator time of delivery, assigned by `Outbox.deliver` from the app clock.
    public internal(set) var sentAt = LCDate(millisecondsSince1970: 0)

    public init(kind: Kind, to: String, text: String, code: String? = nil, link: String? = nil, purpose: String) {
        self.kind = kind
        self.to = to
        self.text = text
        self.code = code
        self.link = link
        self.purpose = purpose
    }

    /// The message as `/__admin/outbox` lists it; absent `code` and `link` are left out.
    public var json: JSON {
        var object = JSONObject()
        object["id"] = JSON(id)
        object["kind"] = .string(kind.rawValue)
        object["to"] = .string(to)
        object["text"] = .string(text)
        if let code { object["code"] = .string(code) }
        if let link { object["link"] = .string(link) }
        object["purpose"] = .string(purpose)
        object["sentAt"] = .string(sentAt.iso)
        return .object(object)
    }
}
