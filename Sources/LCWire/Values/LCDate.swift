/// A LeanCloud timestamp: whole milliseconds since 1970-01-01T00:00:00Z, in UTC.
///
/// Its text form is always `YYYY-MM-DDTHH:MM:SS.mmmZ` — exactly three fraction digits and `Z`
/// — because the Swift SDK parses `createdAt`/`updatedAt` with that fixed pattern and any
/// other shape breaks it (spec §2.2). Formatting and parsing are done by hand (no
/// `DateFormatter`): they run for every object the server writes.
///
/// ```swift
/// let date = LCDate(millisecondsSince1970: 1_435_541_975_931)
/// date.iso                                   // "2015-06-29T01:39:35.931Z"
/// LCDate(iso: "2015-06-29T09:39:35+08:00")   // 1435541975000 ms
/// date.json                                  // {"__type":"Date","iso":"2015-06-29T01:39:35.931Z"}
/// ```
public struct LCDate: Comparable, Hashable, Sendable {
    /// Milliseconds since the Unix epoch; negative before 1970.
    public var millisecondsSince1970: Int64

    /// A date at `millisecondsSince1970`.
    public init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// Orders by time.
    public static func < (lhs: LCDate, rhs: LCDate) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    static let millisecondsPerDay: Int64 = 86_400_000

    /// The canonical text, e.g. `2015-06-29T01:39:35.931Z`.
    ///
    /// Years 0000–9999 print with four digits. Beyond them we print JavaScript's expanded
    /// form (`+010000-01-01T00:00:00.000Z`, `-000001-…`), as `Date.prototype.toISOString` does.
    public var iso: String {
        let (days, msOfDay) = Self.floorDivide(millisecondsSince1970, Self.millisecondsPerDay)
        let (year, month, day) = Self.civil(fromDays: days)
        var text: [UInt8] = []
        text.reserveCapacity(27)
        if (0...9999).contains(year) {
            Self.appendDigits(year, width: 4, to: &text)
        } else {
            text.append(year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            Self.appendDigits(year.magnitude, width: 6, to: &text)
        }
        text.append(UInt8(ascii: "-"))
        Self.appendDigits(month, width: 2, to: &text)
        text.append(UInt8(ascii: "-"))
        Self.appendDigits(day, width: 2, to: &text)
        text.append(UInt8(ascii: "T"))
        Self.appendDigits(msOfDay / 3_600_000, width: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        Self.appendDigits(msOfDay / 60_000 % 60, width: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        Self.appendDigits(msOfDay / 1000 % 60, width: 2, to: &text)
        text.append(UInt8(ascii: "."))
        Self.appendDigits(msOfDay % 1000, width: 3, to: &text)
        text.append(UInt8(ascii: "Z"))
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `value` in decimal, left-padded with zeros to `width` digits.
    static func appendDigits<T: BinaryInteger>(_ value: T, width: Int, to text: inout [UInt8]) {
        let start = text.count
        var rest = value
        repeat {
            text.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        while text.count - start < width { text.append(UInt8(ascii: "0")) }
        text[start...].reverse()
    }

    /// Division rounding toward negative infinity, so dates before 1970 land on the right day.
    static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        var quotient = value / divisor
        var remainder = value % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }
}

extension LCDate: CustomStringConvertible {
    /// The canonical ISO text.
    public var description: String { iso }
}
