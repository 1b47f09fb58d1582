import Foundation
import Testing
@testable import LCWire

@Suite struct LCDateTests {
    /// Milliseconds and their canonical text (cross-checked with Python's datetime).
    static let golden: [(Int64, String)] = [
        (0, "1970-01-01T00:00:00.000Z"),
        (1_435_541_975_931, "2015-06-29T01:39:35.931Z"),
        (1_453_014_943_466, "2016-01-17T07:15:43.466Z"),
        (951_825_600_000, "2000-02-29T12:00:00.000Z"),
        (1_456_790_399_999, "2016-02-29T23:59:59.999Z"),
        (4_107_542_400_000, "2100-03-01T00:00:00.000Z"),
        (-2_203_891_200_000, "1900-03-01T00:00:00.000Z"),
        (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
        (-62_135_596_800_000, "0001-01-01T00:00:00.000Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (-303_751_784_750, "1960-05-17T08:30:15.250Z"),
        (981_173_106_007, "2001-02-03T04:05:06.007Z"),
        (-31_007_044_617_990, "0987-06-05T04:03:02.010Z"),
    ]

    @Test(arguments: golden)
    func iso_formatsCanonicalText(milliseconds: Int64, text: String) {
        #expect(LCDate(millisecondsSince1970: milliseconds).iso == text)
    }

    @Test(arguments: golden)
    func iso_parsesCanonicalTextBack(milliseconds: Int64, text: String) {
        #expect(LCDate(iso: text)?.millisecondsSince1970 == milliseconds)
    }

    @Test func iso_printsExpandedYearsLikeJavaScript() {
        #expect(LCDate(millisecondsSince1970: 253_402_300_800_000).iso == "+010000-01-01T00:00:00.000Z")
        #expect(LCDate(millisecondsSince1970: -62_167_219_200_000).iso == "0000-01-01T00:00:00.000Z")
        #expect(LCDate(millisecondsSince1970: -62_167_219_200_001).iso == "-000001-12-31T23:59:59.999Z")
    }

    /// The extremes of the millisecond range print every digit of their nine-digit years.
    @Test func iso_printsTheExtremesOfTheRange() {
        #expect(LCDate(millisecondsSince1970: .max).iso == "+292278994-08-17T07:12:55.807Z")
        #expect(LCDate(millisecondsSince1970: .min).iso == "-292275055-05-16T16:47:04.192Z")
    }

    @Test func iso_roundTripsEveryDayAcrossFourCenturies() {
        // 1900-01-01 to 2300-01-01 at noon plus an odd millisecond, one step per day.
        var day = LCDate(iso: "1900-01-01T12:00:00.007Z")!.millisecondsSince1970
        let end = LCDate(iso: "2300-01-01T00:00:00.000Z")!.millisecondsSince1970
        while day < end {
            let date = LCDate(millisecondsSince1970: day)
            #expect(LCDate(iso: date.iso) == date)
            day += 86_400_000
        }
    }

    /// Lenient inputs and the instant each one means.
    static let lenient: [(String, String)] = [
        ("2015-06-29T01:39:35Z", "2015-06-29T01:39:35.000Z"),
        ("2015-06-29T01:39:35.9Z", "2015-06-29T01:39:35.900Z"),
        ("2015-06-29T01:39:35.93Z", "2015-06-29T01:39:35.930Z"),
        ("2015-06-29T01:39:35.931999999Z", "2015-06-29T01:39:35.931Z"),
        ("2015-06-29T09:39:35.931+08:00", "2015-06-29T01:39:35.931Z"),
        ("2015-06-29T09:39:35.931+0800", "2015-06-29T01:39:35.931Z"),
        ("2015-06-28T20:09:35.931-05:30", "2015-06-29T01:39:35.931Z"),
        ("2015-06-29T01:39:35.931+00:00", "2015-06-29T01:39:35.931Z"),
        ("2015-06-29t01:39:35.931z", "2015-06-29T01:39:35.931Z"),
        ("2016-01-01T00:30:00+01:00", "2015-12-31T23:30:00.000Z"),
    ]

    @Test(arguments: lenient)
    func initISO_acceptsLenientForms(input: String, canonical: String) {
        #expect(LCDate(iso: input)?.iso == canonical)
    }

    static let invalid: [String] = [
        "", "garbage", "2015-13-01T00:00:00.000Z", "2015-00-01T00:00:00.000Z",
        "2015-02-30T00:00:00.000Z", "2015-02-29T00:00:00.000Z", "1900-02-29T00:00:00.000Z",
        "2015-04-31T00:00:00.000Z", "2015-06-00T00:00:00.000Z", "2015-06-29T24:00:00.000Z",
        "2015-06-29T23:60:00.000Z", "2015-06-29T23:59:60.000Z", "2015-06-29T01:39:35.931",
        "2015-06-29 01:39:35.931Z", "2015-06-29T01:39Z", "2015-06-29T01:39:35.Z",
        "2015-06-29T01:39:35.1234567890Z", "2015-06-29T01:39:35.931+08", "2015-06-29T01:39:35.931+24:00",
        "2015-06-29T01:39:35.931Z ", " 2015-06-29T01:39:35.931Z", "15-06-29T01:39:35.931Z",
        "2015-6-29T01:39:35.931Z", "2015-06-29T01:39:35,931Z", "+2015-06-29T01:39:35.931Z",
        "２０１５-06-29T01:39:35.931Z",
    ]

    @Test(arguments: invalid)
    func initISO_rejectsInvalidText(text: String) {
        #expect(LCDate(iso: text) == nil)
    }

    @Test func json_wrapsISOInDateValue() throws {
        let date = LCDate(millisecondsSince1970: 1_435_541_975_931)
        #expect(date.json.jsonString == #"{"__type":"Date","iso":"2015-06-29T01:39:35.931Z"}"#)
        #expect(LCDate(json: date.json) == date)
        #expect(LCDate(json: ["__type": "Date", "iso": "nope"]) == nil)
        #expect(LCDate(json: ["__type": "Pointer", "iso": "2015-06-29T01:39:35.931Z"]) == nil)
        #expect(LCDate(json: "2015-06-29T01:39:35.931Z") == nil)
    }

    @Test func foundationDate_convertsBothWays() {
        let date = LCDate(millisecondsSince1970: 1_453_014_943_466)
        #expect(LCDate(date.date) == date)
        #expect(LCDate(Date(timeIntervalSince1970: -0.001)).millisecondsSince1970 == -1)
        #expect(LCDate(Date(timeIntervalSince1970: 1.0004)).millisecondsSince1970 == 1000)
    }

    @Test func now_isCloseToFoundationNow() {
        let before = Int64(Date().timeIntervalSince1970 * 1000) - 1
        let now = LCDate.now().millisecondsSince1970
        let after = Int64(Date().timeIntervalSince1970 * 1000) + 1
        #expect((before...after).contains(now))
    }

    @Test func comparison_ordersByTime() {
        let earlier = LCDate(millisecondsSince1970: -5)
        let later = LCDate(millisecondsSince1970: 5)
        #expect(earlier < later)
        #expect([later, earlier].sorted() == [earlier, later])
        #expect(later.description == "1970-01-01T00:00:00.005Z")
    }
}
