extension LCDate {
    /// Parses an ISO 8601 timestamp: the canonical `YYYY-MM-DDTHH:MM:SS.mmmZ` and the lenient
    /// shapes clients also send.
    ///
    /// Accepted: no fraction or 1–9 fraction digits (truncated to milliseconds); `Z`, `±HH:MM`
    /// or `±HHMM`; lowercase `t` and `z`. Rejected: missing seconds or zone, impossible dates
    /// (`2015-02-30`), hours past 23, leap seconds, anything else.
    ///
    /// ```swift
    /// LCDate(iso: "2015-06-29T01:39:35.931Z")      // canonical
    /// LCDate(iso: "2015-06-29t09:39:35.9319+0800")  // same day, 01:39:35.931Z
    /// ```
    public init?(iso text: String) {
        var scanner = ISOScanner(utf8: Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
              let month = scanner.number(digits: 2), scanner.skip("-"),
              let day = scanner.number(digits: 2), scanner.skip("T") || scanner.skip("t"),
              let hour = scanner.number(digits: 2), scanner.skip(":"),
              let minute = scanner.number(digits: 2), scanner.skip(":"),
              let second = scanner.number(digits: 2)
        else { return nil }
        var milliseconds: Int64 = 0
        if scanner.skip(".") {
            guard let fraction = scanner.fractionMilliseconds() else { return nil }
            milliseconds = fraction
        }
        guard let offsetMinutes = scanner.zoneOffsetMinutes(), scanner.isAtEnd else { return nil }
        guard (1...12).contains(month), (1...Self.daysInMonth(year: year, month: month)).contains(day),
              hour < 24, minute < 60, second < 60
        else { return nil }
        let days = Self.days(fromYear: year, month: month, day: day)
        let secondsOfDay = (hour * 60 + minute) * 60 + second
        let local = days * Self.millisecondsPerDay + secondsOfDay * 1000 + milliseconds
        self.init(millisecondsSince1970: local - offsetMinutes * 60_000)
    }
}

/// A byte cursor over an ISO timestamp.
private struct ISOScanner {
    let utf8: [UInt8]
    var offset = 0

    var isAtEnd: Bool { offset == utf8.count }

    /// Consumes `character` if it is next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard offset < utf8.count, utf8[offset] == UInt8(ascii: character) else { return false }
        offset += 1
        return true
    }

    /// Exactly `digits` decimal digits.
    mutating func number(digits: Int) -> Int64? {
        guard utf8.count - offset >= digits else { return nil }
        var value: Int64 = 0
        for _ in 0..<digits {
            guard let digit = digit(at: offset) else { return nil }
            value = value * 10 + digit
            offset += 1
        }
        return value
    }

    /// 1–9 fraction digits, truncated to milliseconds (`.9` → 900, `.9319` → 931).
    mutating func fractionMilliseconds() -> Int64? {
        var count = 0
        var milliseconds: Int64 = 0
        while let digit = digit(at: offset) {
            if count < 3 { milliseconds = milliseconds * 10 + digit }
            count += 1
            offset += 1
        }
        guard (1...9).contains(count) else { return nil }
        if count < 3 {
            for _ in count..<3 { milliseconds *= 10 }
        }
        return milliseconds
    }

    /// `Z`/`z` → 0, `±HH:MM` or `±HHMM` → signed minutes east of UTC.
    mutating func zoneOffsetMinutes() -> Int64? {
        if skip("Z") || skip("z") { return 0 }
        let sign: Int64
        if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
        guard let hours = number(digits: 2) else { return nil }
        _ = skip(":")
        guard let minutes = number(digits: 2), hours < 24, minutes < 60 else { return nil }
        return sign * (hours * 60 + minutes)
    }

    private func digit(at position: Int) -> Int64? {
        guard position < utf8.count else { return nil }
        let byte = utf8[position]
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        return Int64(byte - UInt8(ascii: "0"))
    }
}
