import Testing
@testable import LCWire

@Suite struct JSONSerializerTests {
    /// Numbers and the text `JSON.stringify` prints for them (checked against Node).
    static let numbers: [(Double, String)] = [
        (0, "0"),
        (-0.0, "0"),
        (3, "3"),
        (-3, "-3"),
        (0.1, "0.1"),
        (-0.5, "-0.5"),
        (1.5, "1.5"),
        (100, "100"),
        (123_456_789_012, "123456789012"),
        (9_007_199_254_740_991, "9007199254740991"),
        (1_152_921_504_606_846_976, "1152921504606847000"),  // 2^60
        (1e20, "100000000000000000000"),
        (1e21, "1e+21"),
        (1.5e21, "1.5e+21"),
        (1.7976931348623157e308, "1.7976931348623157e+308"),
        (1e-6, "0.000001"),
        (1.5e-6, "0.0000015"),
        (1e-7, "1e-7"),
        (1.25e-7, "1.25e-7"),
        (Double.leastNonzeroMagnitude, "5e-324"),
        (123.456, "123.456"),
        (0.000123, "0.000123"),
        (1234567.125, "1234567.125"),
        (1e16, "10000000000000000"),
        (1.2345678901234567890e19, "12345678901234567000"),
        (.nan, "null"),
        (.infinity, "null"),
        (-.infinity, "null"),
    ]

    @Test(arguments: numbers)
    func serialize_printsNumbersLikeJavaScript(value: Double, expected: String) {
        #expect(JSON.number(value).jsonString == expected)
    }

    /// Whole documents and their exact serialized text.
    static let documents: [(JSON, String)] = [
        (nil, "null"),
        (true, "true"),
        ([], "[]"),
        ([:], "{}"),
        ([1, "a", nil, false], #"[1,"a",null,false]"#),
        (["b": 1, "a": ["c": [2.5]]], #"{"b":1,"a":{"c":[2.5]}}"#),
        ("quote\" backslash\\ slash/", #""quote\" backslash\\ slash/""#),
        ("\u{8}\u{C}\n\r\t", #""\b\f\n\r\t""#),
        ("\u{0}\u{1}\u{1F}\u{7F}", #""\u0000\u0001\u001f\#u{7F}""#),
        ("é中😀\u{2028}", "\"é中😀\u{2028}\""),
        (["k\"ey": "v"], #"{"k\"ey":"v"}"#),
    ]

    @Test(arguments: documents)
    func serialize_matchesGoldenText(value: JSON, expected: String) {
        #expect(value.jsonString == expected)
        #expect(value.serialized() == Array(expected.utf8))
    }

    @Test func serialize_errorBodyByteExactly() {
        let body: JSON = ["code": 101, "error": "Class or object doesn't exists."]
        #expect(body.jsonString == #"{"code":101,"error":"Class or object doesn't exists."}"#)
    }

    static let roundTrips: [String] = [
        #"{"results":[{"objectId":"558e20cbe4b060308e3eb36c","n":-12.5e-3,"ok":true}],"count":7}"#,
        #"[0.1,0.2,0.30000000000000004,1e+21,1e-7,-0,123456789012]"#,
        #""\u0000 \ud83d\ude00 \n""#,
        "[[[[[]]]],{},{\"a\":{}}]",
    ]

    @Test(arguments: roundTrips)
    func roundTrip_parseSerializeParseIsStable(text: String) throws {
        let value = try JSONParser.parse(text)
        let again = try JSONParser.parse(value.serialized())
        #expect(again == value)
        #expect(again.serialized() == value.serialized())
    }

    @Test func roundTrip_everyDoubleBitPatternSampleSurvives() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            let parsed = try JSONParser.parse(JSON.number(value).serialized())
            #expect(parsed.doubleValue == value, "\(value)")
        }
    }

    @Test func serializer_appendsIntoOneBuffer() {
        var serializer = JSONSerializer(reservingCapacity: 16)
        serializer.append([1])
        serializer.appendString("x")
        serializer.appendNumber(2.5)
        #expect(String(decoding: serializer.bytes, as: UTF8.self) == #"[1]"x"2.5"#)
    }

    @Test func description_isCompactJSON() {
        let value: JSON = ["a": [1, 2]]
        #expect(value.description == #"{"a":[1,2]}"#)
        #expect(value.objectValue?.description == #"{"a":[1,2]}"#)
    }
}
