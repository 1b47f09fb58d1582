import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// Generic SMS verification (spec §7.2, docs/captcha-sms.md): `requestSmsCode` sends a
/// six-digit code (to the outbox), `verifySmsCode/<code>` spends it.
package enum SMSRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("POST", "/1.1/requestSmsCode", APIRoute(appAccess: .app) { try requestCode($0) })
        router.add("POST", "/1.1/verifySmsCode/:code", APIRoute(appAccess: .app) { try verifyCode($0) })
    }

    /// Most minutes a code may live: a day, like the daily limit's window.
    static let ttlMinutes = 1...1440

    /// `POST /1.1/requestSmsCode {"mobilePhoneNumber"[, "smsType", "ttl", "validate_token", "name", "op"]}` → `{}`.
    static func requestCode(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        try requireGenericSms(request)
        let body = try request.jsonObjectBody()
        let phone = try PhoneNumber.required(body)
        var code = SMSCodes.Request(phone: phone, purpose: "verify")
        switch body["smsType"] {
        case nil, .null, .string("sms"): code.channel = .sms
        case .string("voice"):
            // spec §7.2: voice is domestic only.
            guard phone.e164.hasPrefix("+86") else {
                throw APIError(.invalidParameter("Voice codes are only sent to mainland China numbers."))
            }
            code.channel = .voice
        default: throw APIError(.invalidParameter("smsType must be sms or voice."))
        }
        if let lifetime = try lifetime(body) { code.lifetime = lifetime }
        try SMSSender(request).send(code, body: body)
        return APIResponse(json: .object(JSONObject()))
    }

    /// `POST /1.1/verifySmsCode/<code> {"mobilePhoneNumber"}` → `{}`; wrong, expired or used → 603.
    static func verifyCode(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        try requireGenericSms(request)
        var body = try request.jsonObjectBody()
        // Older SDKs put the number in the query string.
        if body["mobilePhoneNumber"] == nil, let number = request.query("mobilePhoneNumber") {
            body["mobilePhoneNumber"] = .string(number)
        }
        let phone = try PhoneNumber.required(body)
        let app = request.app
        let now = app.clock.nowMilliseconds
        let code = request.parameter("code")
        guard try app.database.write({ db in
            try SMSCodes.consume(phone: phone, code: code, purpose: "verify", now: now, in: db)
        }) != nil else { throw APIError(.invalidSMSCode) }
        return APIResponse(json: .object(JSONObject()))
    }

    /// The lifetime a code request's `ttl` asks for, in ms; nil when absent. Anything but a whole
    /// number of minutes in `ttlMinutes` → 107.
    static func lifetime(_ body: JSONObject) throws -> Int64? {
        guard let ttl = body["ttl"], !ttl.isNull else { return nil }
        guard let minutes = ttl.intValue, Double(minutes) == ttl.doubleValue, ttlMinutes.contains(minutes) else {
            throw APIError(.invalidParameter("ttl must be a whole number of minutes from 1 to 1440."))
        }
        return Int64(minutes) * 60_000
    }

    /// spec §7.2: without the app option, clients get 119; the master key still works.
    static func requireGenericSms(_ request: RequestContext<AppRuntime>) throws {
        let app = request.app
        guard app.configuration.options.messages.isGenericSmsEnabled || request.isMaster else {
            throw APIError(.operationForbiddenForClients)
        }
    }
}

// MARK: - Sending a code, for every SMS endpoint

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
