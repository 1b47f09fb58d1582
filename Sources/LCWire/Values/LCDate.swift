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
        func digits(_ value: UInt64, width: Int) {
            let count = max(width, Self.decimalDigitCount(value))
            var rest = value
            for index in stride(from: at + count - 1, through: at, by: -1) {
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            at += count
        }
        if (0...9999).contains(year) {
            digits(UInt64(year), width: 4)
        } else {
            put(year < 0 ? "-" : "+")
            digits(year.magnitude, width: 6)
        }
        put("-"); digits(UInt64(month), width: 2)
        put("-"); digits(UInt64(day), width: 2)
        put("T"); digits(UInt64(msOfDay / 3_600_000), width: 2)
        put(":"); digits(UInt64(msOfDay / 60_000 % 60), width: 2)
        put(":"); digits(UInt64(msOfDay / 1000 % 60), width: 2)
        put("."); digits(UInt64(msOfDay % 1000), width: 3)
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
