import struct Foundation.Date

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
