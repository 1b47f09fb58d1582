import Foundation
import Primitives
import Testing

/// RegularExpression against ICU (`NSRegularExpression`, which `$regex` and custom-route `matches`
/// ran on before): the same first match, with the same groups, for every pattern, subject and
/// option here; then what ICU and PCRE refuse, and the budget that stops backtracking.
@Suite struct RegularExpressionTests {
    static let patterns = [
        "^a", "a$", "^ab.*$", "a.c", "a|b|c", "(ab)+", "(a|ab)(c|bcd)(d*)", #"\d+"#, #"\w+@\w+\.com"#,
        #"\bfoo\b"#, #"\Bfoo"#, "[a-z]+", "[^a-z]+", #"[\d.-]+"#, "[]a]+", "[a-]+", "x{2,3}", "x{2,}", "x{2}",
        "x*?y", "x+?", "(?i)hello", "(?i:HeLLo) world", "(?=foo)f", #"(?!foo)f\w+"#, #"(?<=\$)\d+"#,
        #"(?<!\$)\b\d+"#, #"(a)\1"#, #"(?<w>o)\k<w>"#, #"\Qa.b\E"#, #"a\.b"#, #"^\[Members\]"#, #"\x41"#,
        #"\u4e2d"#, #"[\u4e00-\u9fa5]+"#, #"\p{L}+"#, #"\P{L}+"#, #"\p{Lu}"#, "[[:alpha:]]+", "(?>a+)b", "a++b",
        "^$", "$", "^", "", #"\s+"#, #"\S+"#, "colou?r", "(?x) a b # comment\n c", "(?s)a.b", "(?m)^b", #"a\Z"#,
        #"a\z"#, #"\Aa"#, #"[\w-]+"#, "é", "(?i)É", "(a*)*b", "(a|)+c", "(?:x|xy)+z", #"(\d+)-(\d+)?"#, "b*",
        #"[^\s]+$"#, "ab|cd|", #"\d{3}\.\d{2}"#, "(?i)[a-c]+", "(?i)[^a-c]+", #"[\p{Han}]+"#, #"^1[3-9][0-9]{9}$"#,
        #"^\S+@\S+$"#, "(?i)ß", ".*", ".+?b", #"[\-]"#, #"\$"#, #"a\u0020b"#, #"\t"#, "(a)|(b)", "((a)|b)+",
    ]
    static let subjects = [
        "", "a", "abc", "aab", "xyz", "hello", "HELLO world", "foo bar", "foobar", "$100 200", "a.b", "[Members] x",
        "中文abc", "Zoë", "a\nb", "a\n", "b\na", "xx", "xxxx", "xxxy", "abcd", "aa", "oo", "ABC def 123", "foo@bar.com",
        "colour color", "12-34 5-", "13812345678", "AbC", "Straße", "aaac", "xyxz", "a b\tc", "中国 人", "ÉCOLE école",
        "ab\r\n", "bbb", "a\u{2028}b",
    ]
    static let options: [(RegularExpression.Options, NSRegularExpression.Options)] = [
        ([], []), (.caseInsensitive, .caseInsensitive), (.anchorsMatchLines, .anchorsMatchLines),
        (.dotMatchesLineSeparators, .dotMatchesLineSeparators), (.allowCommentsAndWhitespace, .allowCommentsAndWhitespace),
    ]

    @Test func agreesWithICU() throws {
        var checked = 0
        for pattern in Self.patterns {
            for (ours, icu) in Self.options {
                guard let reference = try? NSRegularExpression(pattern: pattern, options: icu) else { continue }
                let regex = try RegularExpression(pattern, options: ours)
                for subject in Self.subjects {
                    let expected = Self.icuGroups(reference, subject)
                    let got: [Range<Int>?]?
                    switch regex.search(RegexSubject(subject)) {
                    case .match(let match): got = match.groups
                    case .noMatch: got = nil
                    case .stopped: got = [nil]
                    }
                    #expect(got == expected, "/\(pattern)/ options \(ours.rawValue) on \(subject.debugDescription)")
                    checked += 1
                }
            }
        }
        #expect(checked > 2_000)
    }

    /// ICU's first match, its groups as scalar offsets.
    static func icuGroups(_ regex: NSRegularExpression, _ text: String) -> [Range<Int>?]? {
        guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (0..<match.numberOfRanges).map { group in
            guard let range = Range(match.range(at: group), in: text) else { return nil }
            let start = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: range.lowerBound)
            return start..<(start + text.unicodeScalars[range].count)
        }
    }

    @Test(arguments: ["(", "(unclosed", "a**", "[a", #"\k<x>"#, "(?<=a+)b", "x{3,2}", #"\1"#, "*a", "a)", #"\p{Nonsense}"#, "(?z)"])
    func refusesWhatDoesNotCompile(pattern: String) {
        #expect(throws: RegularExpression.SyntaxError.self) { try RegularExpression(pattern) }
        #expect((try? NSRegularExpression(pattern: pattern)) == nil, "ICU refuses it too")
    }

    /// ICU reads `\y` as `y`; PCRE, which MongoDB's `$regex` runs on, refuses it, and so do we.
    @Test func refusesEscapedLettersWithNoMeaning() {
        #expect(throws: RegularExpression.SyntaxError.self) { try RegularExpression(#"\y"#) }
    }

    /// Counts and unrolled size are bounded (docs/security.md), so compiling stays cheap.
    @Test func refusesPatternsTooLargeToCompile() {
        #expect(throws: RegularExpression.SyntaxError.self) { try RegularExpression("a{100001}") }
        #expect(throws: RegularExpression.SyntaxError.self) { try RegularExpression("(a{1000}){1000}") }
        #expect((try? RegularExpression("a{1,100000}")) != nil)
    }

    /// Parsing, compiling and releasing a pattern recurse once per nested group or class; a
    /// deep pattern (well within a request's size limit) is refused, never a stack overflow.
    @Test func refusesNestingDeeperThanTheLimit() throws {
        let limit = 250  // docs/security.md, RegexParser.maxNesting
        for (open, close) in [("(", ")"), ("(?:", ")"), ("(?=", ")"), ("(?i:", ")"), ("[", "]")] {
            let deep = String(repeating: open, count: 100_000) + "a" + String(repeating: close, count: 100_000)
            #expect(throws: RegularExpression.SyntaxError.self) { try RegularExpression(deep) }
        }
        let atLimit = String(repeating: "(", count: limit) + "a" + String(repeating: ")", count: limit)
        #expect(try RegularExpression(atLimit).firstMatch(in: "xa") == true)
        let pastLimit = String(repeating: "(", count: limit + 1) + "a" + String(repeating: ")", count: limit + 1)
        #expect(throws: RegularExpression.SyntaxError.self) { try RegularExpression(pastLimit) }
    }

    @Test func stopsWhenAskedWhileBacktracking() throws {
        let regex = try RegularExpression("^(a+)+$")
        var asked = 0
        let outcome = regex.search(RegexSubject(String(repeating: "a", count: 40) + "!")) {
            asked += 1
            return asked == 10
        }
        guard case .stopped = outcome else { Issue.record("expected .stopped, got \(outcome)"); return }
        #expect(asked == 10)
    }

    @Test func loopsThatMatchNothingEnd() throws {
        #expect(try RegularExpression("(a*)*b").firstMatch(in: String(repeating: "a", count: 8)) == false)
        #expect(try RegularExpression("(?:)*x").firstMatch(in: "yx") == true)
    }

    @Test func findsEveryMatchWithItsGroups() throws {
        let regex = try RegularExpression(#"([a-z]+)=(\d*)"#)
        let subject = RegexSubject("a=1&bb=&c=33")
        let found = regex.matches(in: subject).map { [subject.text($0.range(at: 1)!), subject.text($0.range(at: 2)!)] }
        #expect(found == [["a", "1"], ["bb", ""], ["c", "33"]])
    }
}
