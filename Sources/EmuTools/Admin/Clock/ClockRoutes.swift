import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// `GET /1.1/date`, and `/__admin/clock`: reads and moves the emulator clock that every expiry
/// uses (captcha, SMS codes, sessions, upload tokens), so a test crosses an expiry without
/// waiting. The clock is shared by all apps of the emulator; any app's master key may move it.
package enum ClockRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        // `GET /1.1/date`: the server's time as a Date object (§11), read from the emulator clock.
        // Anyone may ask, without keys (RouteAccess.appOrAnonymous); bad keys are still refused.
        router.add("GET", "/1.1/date", APIRoute(appAccess: .appOrAnonymous) { request in
            // The same text as `now.json` serialized, from the text of its second (DateBody).
            APIResponse(serializedJSON: DateBody.shared.body(milliseconds: request.app.clock.nowMilliseconds))
        })
        router.add("GET", "/__admin/clock", APIRoute(appAccess: .master) { request in
            APIResponse(json: describe(request.app.clock))
        })
        router.add("POST", "/__admin/clock", APIRoute(appAccess: .master) { request in
            let clock = request.app.clock
            try apply(try request.jsonObjectBody(), to: clock)
            // Scheduled pushes whose time the clock passed fire now (docs/push.md).
            try PushStore.fireDue(app: request.app)
            return APIResponse(json: describe(clock))
        })
    }

    /// `{"now":"<ISO>","mode":"real"|"fixed","offsetMs":N}`.
    static func describe(_ clock: EmulatorClock) -> JSON {
        let now = clock.now
        let state = clock.state
        return [
            "now": .string(now.iso),
            "nowMs": JSON(now.millisecondsSince1970),
            "mode": .string(state.fixed ? "fixed" : "real"),
            "offsetMs": JSON(state.offsetMilliseconds),
        ]
    }

    /// Exactly one of `advance`, `set`, `reset`; anything else → 400 with code 1.
    static func apply(_ body: JSONObject, to clock: EmulatorClock) throws {
        guard body.count == 1, let (key, value) = Array(body).first else {
            throw APIError(.invalidParameter("Expected exactly one of advance, set, reset."))
        }
        switch key {
        case "advance":
            guard let ms = advanceMilliseconds(value) else {
                throw APIError(.invalidParameter("advance must be milliseconds or a duration like \"16m\" (units ms s m h d)."))
            }
            guard Self.range.contains(clock.nowMilliseconds + ms) else { throw outOfRange }
            clock.advance(milliseconds: ms)
        case "set":
            guard let date = instant(value) else {
                throw APIError(.invalidParameter("set must be an ISO 8601 date or milliseconds since 1970."))
            }
            guard Self.range.contains(date.millisecondsSince1970) else { throw outOfRange }
            clock.set(milliseconds: date.millisecondsSince1970)
        case "reset":
            guard value == .bool(true) else { throw APIError(.invalidParameter("reset must be true.")) }
            clock.reset()
        default:
            throw APIError(.invalidParameter("Unknown clock command '\(key)': expected advance, set or reset."))
        }
    }

    /// Where the clock may go: 1970-01-01 to 2106-02-07T06:28:15.999Z, what an object id's
    /// 4-byte seconds can say (later ids would wrap and sort first).
    /// Beyond it expiries (`now + ttl`) would overflow and dates would not render.
    static let range: ClosedRange<Int64> = 0...(Int64(UInt32.max) * 1000 + 999)

    private static var outOfRange: APIError {
        APIError(.invalidParameter("The clock must stay between 1970-01-01 and 2106-02-07T06:28:15.999Z."))
    }

    private static func advanceMilliseconds(_ value: JSON) -> Int64? {
        switch value {
        case .number(let number):
            guard number.isFinite, number == number.rounded(), abs(number) < 1e15 else { return nil }
            return Int64(number)
        case .string(let text): return ClockDuration.milliseconds(text)
        default: return nil
        }
    }

    private static func instant(_ value: JSON) -> LCDate? {
        switch value {
        case .string(let text): return LCDate(iso: text)
        case .number(let number):
            guard number.isFinite, number == number.rounded(), abs(number) < 1e15 else { return nil }
            return LCDate(millisecondsSince1970: Int64(number))
        case .object: return LCDate(json: value)
        default: return nil
        }
    }
}

// MARK: - ClockDuration

/// Durations for `POST /__admin/clock {"advance": …}`: a number of milliseconds, or text made of
/// number-unit pairs with units `ms`, `s`, `m`, `h`, `d` (`"16m"`, `"1h30m"`, `"-5s"`).
enum ClockDuration {
    private static let unitMilliseconds: [String: Int64] = [
        "ms": 1, "s": 1000, "m": 60_000, "h": 3_600_000, "d": 86_400_000,
    ]

    /// Milliseconds for a duration text; nil when it does not parse or overflows.
    static func milliseconds(_ text: String) -> Int64? {
        var rest = Substring(text.filter { $0 != " " })
        var sign: Int64 = 1
        if rest.hasPrefix("-") { sign = -1; rest = rest.dropFirst() } else if rest.hasPrefix("+") { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return nil }
        var total: Int64 = 0
        while !rest.isEmpty {
            let digits = rest.prefix(while: \.isASCIIDigit)
            rest = rest.dropFirst(digits.count)
            let unit = rest.prefix(while: \.isLetter)
            rest = rest.dropFirst(unit.count)
            guard digits.count <= 12, let amount = Int64(digits), let scale = unitMilliseconds[String(unit)] else { return nil }
            let (product, overflow) = amount.multipliedReportingOverflow(by: scale)
            guard !overflow, total <= Int64.max / 2 - product else { return nil }
            total += product
        }
        return sign * total
    }
}
