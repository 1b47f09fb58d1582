@testable import EmuData
import Testing

/// `ByteSearch.contains`, the byte search behind the `$regex` check of every query statement and
/// the File-reference check of every copied row: found wherever the needle sits, whatever byte
/// anchors the search, never past either end of the text.
@Suite struct ByteSearchTests {
    let needle = Array("lcemu_regexp".utf8)

    @Test(arguments: [0, 5, 8, 11])
    func findsTheNeedle_atTheStart_inTheMiddle_atTheEnd(anchor: Int) {
        for text in ["lcemu_regexp(?, ?, x)", "SELECT lcemu_regexp(?, ?, x) FROM t", "x = lcemu_regexp"] {
            #expect(ByteSearch.contains(text, needle, anchor: anchor), "\(text)")
        }
    }

    @Test(arguments: [0, 5, 8, 11])
    func falseCandidates_andCutNeedles_areNotMatches(anchor: Int) {
        for text in ["", "lcemu", "lcemu_regex", "cemu_regexp", "lcemu_regexlcemu_regeXp", "gggg_regexp_regexp",
                     "SELECT json_extract(data, '$.rank') FROM objects WHERE class = 'Post' ORDER BY rowid"] {
            #expect(!ByteSearch.contains(text, needle, anchor: anchor), "\(text)")
        }
    }

    @Test func theQuerySQL_callsRegex_onlyWithARegexCondition() {
        #expect(QueryExecutor.callsRegex("SELECT id FROM objects WHERE lcemu_regexp(?, ?, json_extract(data, '$.t'))"))
        #expect(!QueryExecutor.callsRegex("SELECT id FROM objects WHERE json_extract(data, '$.regexp') = ?"))
        #expect(!QueryExecutor.callsRegex(""))
    }

    @Test func aNeedleLongerThanTheText_isNotFound_andAnEmptyBufferIsSafe() {
        #expect(!ByteSearch.contains("regexp", needle, anchor: 8))
        #expect(!ByteSearch.contains(UnsafeBufferPointer(start: nil, count: 0), needle))
    }
}
