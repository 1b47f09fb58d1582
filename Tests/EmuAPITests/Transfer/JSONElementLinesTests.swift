@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
@testable import EmuTools
import Testing

@Suite struct JSONElementLinesTests {
    func lines(_ text: String) -> [Int]? { JSONElementLines.lines(in: Array(text.utf8)) }

    @Test func ofAnExport_oneObjectPerLine() {
        #expect(lines("{\"results\":[\n{\"a\":1},\n{\"b\":[1,2]},\n{\"c\":{\"d\":\"]\"}}\n]}\n") == [2, 3, 4])
    }

    @Test func ofAnArray_prettyPrinted() {
        #expect(lines("[\n  {\n    \"a\": 1\n  },\n  {\n    \"b\": \"x,\\\"y\\n\"\n  }\n]") == [2, 5])
    }

    @Test func otherMembersBeforeResults_andScalarElements_count() {
        #expect(lines("{\"count\":[\n1],\"note\":\"results\",\n\"results\":[1,\n\"two\",\nnull]}") == [3, 4, 5])
    }

    @Test func emptyArrays_andDocumentsWithoutAnArray() {
        #expect(lines("[]") == [])
        #expect(lines("{\"results\":[ ]}") == [])
        #expect(lines("{\"other\":[1]}") == nil)
        #expect(lines("7") == nil)
    }
}
