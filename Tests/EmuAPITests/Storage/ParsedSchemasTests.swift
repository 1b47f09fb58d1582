@testable import EmuData
import LCWire
import Testing

/// `ParsedSchemas`: a schema text parses to the value `JSONParser` gives, found again by its
/// bytes; another text (a schema that changed) is parsed anew; past the capacity old texts give
/// way; text that is not an object is nil.
@Suite struct ParsedSchemasTests {
    func fields(_ text: String) -> JSONObject? {
        Array(text.utf8).withUnsafeBufferPointer { ParsedSchemas.fields(of: $0) }
    }

    @Test func aText_givesWhatParsingGives_everyTime() throws {
        let text = #"{"title":{"type":"String"},"rank":{"type":"Number"}}"#
        let parsed = try JSONParser.parse(text).objectValue
        #expect(fields(text) == parsed)
        #expect(fields(text) == parsed)
    }

    @Test func aChangedText_isParsedAnew_neverAnswersTheOldValue() {
        let before = #"{"a":{"type":"String"}}"#, after = #"{"a":{"type":"String"},"b":{"type":"Date"}}"#
        #expect(fields(before)?.keys == ["a"])
        #expect(fields(after)?.keys == ["a", "b"])
        #expect(fields(before)?.keys == ["a"])
    }

    @Test func moreTextsThanTheCapacity_allStillParse() {
        for round in 0..<2 {
            for n in 0..<(ParsedSchemas.capacity + 5) {
                #expect(fields(#"{"f\#(n)":{"type":"Number"}}"#)?.keys == ["f\(n)"], "round \(round)")
            }
        }
    }

    @Test func textThatIsNotAnObject_isNil() {
        #expect(fields("[1]") == nil)
        #expect(fields("{") == nil)
        #expect(fields("") == nil)
    }
}
