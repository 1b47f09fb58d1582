import EmuData
import EmuRouting
import LCWire

/// Sends a code the way every SMS endpoint does (spec §7.2, §5.10): the captcha gate
/// (`validate_token`, 608), the rate limits, the stored code, and the outbox message.
struct SMSSender {
    let app: AppRuntime
    let isMaster: Bool

    init(_ request: RequestContext<AppRuntime>) throws {
        app = request.app
        isMaster = request.isMaster
    }

    /// Issues and "sends" a code; returns it (tests, and flows that log it). `body` supplies
    /// `validate_token`, and `name` / `op` for the text.
    @discardableResult
    func send(_ code: SMSCodes.Request, body: JSONObject) throws -> String {
        let options = app.configuration.options.messages
        let now = app.clock.nowMilliseconds
        let fixed = options.fixedSmsCode(for: code.phone)
        let sent = try app.database.write { db -> String in
            // A bad token fails even when captcha is optional: the client meant to use one.
            if let token = body["validate_token"], !token.isNull {
                guard let text = token.stringValue, try CaptchaStore.consumeValidateToken(text, now: now, in: db) else {
                    throw APIError(.invalidValidateToken)
                }
            } else if options.requiresCaptchaForSms && !isMaster {
                throw APIError(.missingValidateToken)
            }
            return try SMSCodes.issue(code, fixedCode: fixed, enforceLimits: options.enforcesSmsRateLimits, now: now, in: db)
        }
        let text = Self.text(code: sent, name: body["name"]?.stringValue ?? app.configuration.appId,
                             operation: body["op"]?.stringValue, minutes: code.lifetime / 60_000)
        app.outbox.deliver(OutboxMessage(kind: code.channel == .voice ? .voice : .sms, to: code.phone.e164,
                                         text: text, code: sent, purpose: code.purpose))
        return sent
    }

    /// The built-in template: templates and signatures of the console are not emulated.
    static func text(code: String, name: String, operation: String?, minutes: Int64) -> String {
        let action = operation.map { " to \($0)" } ?? ""
        return "Your \(name) verification code\(action) is \(code). It is valid for \(minutes) minutes."
    }
}
