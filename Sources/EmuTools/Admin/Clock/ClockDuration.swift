import EmuData
import EmuRouting

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
