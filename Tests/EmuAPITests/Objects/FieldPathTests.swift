@testable import EmuData
import LCWire
import Testing

/// A key split on dots: a plain key keeps no array of segments, and reads, compares and prints
/// as the same path made from its segments.
@Suite struct FieldPathTests {
    @Test(arguments: ["title", "a.b", "a.b.c", "", ".", "a..b", "a.", ".a", "é.中"])
    func aPath_isItsSegments_whicheverWayItIsMade(text: String) {
        let path = FieldPath(text)
        let segments = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        #expect(path.segments == segments)
        #expect(path == FieldPath(segments: segments))
        #expect(path.hashValue == FieldPath(segments: segments).hashValue)
        #expect(path.description == text)
        #expect(path.head == segments[0])
        #expect(path.isNested == (segments.count > 1))
        #expect(path.tail == (segments.count > 1 ? FieldPath(segments: Array(segments.dropFirst())) : nil))
    }

    @Test func noSegments_makeTheEmptyKey_andValuesAreFoundByPath() {
        #expect(FieldPath(segments: []) == FieldPath(""))
        let object: JSONObject = ["a": ["b": [10, 20]], "t": "x"]
        #expect(FieldPath("t").value(in: object) == "x")
        #expect(FieldPath("a.b.1").value(in: object) == 20)
        #expect(FieldPath("a.c").value(in: object) == nil)
        #expect(FieldPath("t.x").value(in: object) == nil)
    }
}
