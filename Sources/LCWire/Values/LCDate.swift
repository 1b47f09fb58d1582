#if canImport(FoundationEssentials)
import struct FoundationEssentials.Date
#else
import struct Foundation.Date
#endif

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
        // Written straight into the string's storage: one allocation, no intermediate array
        // (two dates are formatted per object on every fetch).
        String(unsafeUninitializedCapacity: Self.maximumISOLength) { writeISO(into: $0) }
    }

    /// The most bytes `iso` takes (an expanded year: `+010000-01-01T00:00:00.000Z`).
    static let maximumISOLength = 32

    /// Writes `iso` at the start of `buffer` (at least `maximumISOLength` bytes); returns its length.
    func writeISO(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let (days, msOfDay) = Self.floorDivide(millisecondsSince1970, Self.millisecondsPerDay)
        let (year, month, day) = Self.civil(fromDays: days)
        var at = 0
        func put(_ character: Unicode.Scalar) {
            buffer[at] = UInt8(ascii: character)
            at += 1
        }
        // The fields below 100 as two digits each, by a division by a constant (a multiply):
        // a loop of 64-bit divisions per digit cost about 400 instructions a date (issue 31).
        func one(_ value: Int64) {
            buffer[at] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value)
            at += 1
        }
        func two(_ value: Int64) {
            buffer[at] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 10)
            buffer[at + 1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
            at += 2
        }
        if (0...9999).contains(year) {
            two(year / 100); two(year % 100)
        } else {
            put(year < 0 ? "-" : "+")
            let magnitude = year.magnitude
            let count = max(6, Self.decimalDigitCount(magnitude))
            var rest = magnitude
            for index in stride(from: at + count - 1, through: at, by: -1) {
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            at += count
        }
        put("-"); two(month)
        put("-"); two(day)
        put("T"); two(msOfDay / 3_600_000)
        put(":"); two(msOfDay / 60_000 % 60)
        put(":"); two(msOfDay / 1000 % 60)
        put("."); one(msOfDay % 1000 / 100); two(msOfDay % 100)
        put("Z")
        return at
    }

    /// How many decimal digits `value` has (1 for 0).
    static func decimalDigitCount(_ value: UInt64) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
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

// MARK: - Calendar arithmetic

// Proleptic Gregorian calendar arithmetic, after Howard Hinnant's "chrono-Compatible Low-Level
// Date Algorithms" (days_from_civil / civil_from_days): exact for every Int64-sized day count,
// including negative ones, with no tables and no Foundation.

extension LCDate {
    /// Days since 1970-01-01 of a proleptic Gregorian date (month 1…12, day 1…31).
    static func days(fromYear year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400                                           // [0, 399]
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1  // [0, 365]
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear   // [0, 146096]
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01.
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097                                                  // [0, 146096]
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365  // [0, 399]
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)   // [0, 365]
        let monthIndex = (5 * dayOfYear + 2) / 153                                        // [0, 11], March first
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// Gregorian leap years: every 4th, except centuries not divisible by 400.
    static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// 28…31.
    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

// MARK: - Foundation dates and the wire form

extension LCDate {
    /// The current time, to the millisecond.
    public static func now() -> LCDate { LCDate(Date()) }

    /// The millisecond nearest to a Foundation `Date`.
    ///
    /// Nearest rather than truncated: `Date` stores seconds as a `Double` counted from 2001,
    /// so an exact millisecond often reads back as …465.9999 and truncation would lose it.
    public init(_ date: Date) {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        if milliseconds >= 9.2e18 {
            self.init(millisecondsSince1970: .max)
        } else if milliseconds <= -9.2e18 {
            self.init(millisecondsSince1970: .min)
        } else {
            // NaN falls through both guards; treat it as the epoch rather than trapping.
            self.init(millisecondsSince1970: milliseconds.isNaN ? 0 : Int64(milliseconds))
        }
    }

    /// The same instant as a Foundation `Date`.
    public var date: Date {
        Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000)
    }

    /// The Date wire value `{"__type":"Date","iso":"…"}` (spec §2.7).
    public var json: JSON {
        [LCWireKey.type: .string(LCTypeName.date.rawValue), LCWireKey.iso: .string(iso)]
    }

    /// Reads a Date wire value; nil unless tagged `Date` with a parseable `iso`.
    public init?(json: JSON) {
        guard LCTypeName(of: json) == .date, let text = json[LCWireKey.iso]?.stringValue else { return nil }
        self.init(iso: text)
    }
}
