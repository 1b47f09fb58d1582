@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
@testable import EmuTools
import LCWire
import Testing

extension FieldMatcher {
    /// Why `value` fails, in full (as the master key sees it); nil when it holds.
    func mismatch(_ value: JSON?) -> String? { mismatch(value, secret: false, within: RequestRegexBudget())?.detail }
}

/// Matchers, path templates and templates on their own.
@Suite struct FieldMatcherTests {
    @Test func equals_isLoose_betweenTextAndJSON() throws {
        let one = try FieldMatcher(json: 1)
        #expect(one.mismatch("1") == nil && one.mismatch(1) == nil)
        #expect(one.mismatch("2") != nil && one.mismatch(nil) != nil)
    }

    @Test func presentAbsentContainsAndMatches_combine() throws {
        let matcher = try FieldMatcher(json: ["present": true, "contains": "@", "matches": "^[a-z@.]+$"])
        #expect(matcher.mismatch("a@b.c") == nil)
        #expect(matcher.mismatch("ab.c") != nil && matcher.mismatch("A@b") != nil && matcher.mismatch(nil) == "missing")
        #expect(try FieldMatcher(json: ["absent": true]).mismatch(nil) == nil)
        #expect(try FieldMatcher(json: ["contains": 2]).mismatch([1, 2]) == nil)
    }

    @Test func aCatastrophicRegex_runsOutOfBudget_insteadOfHanging() throws {
        let matcher = try FieldMatcher(json: ["matches": "^(a+)+$"])
        #expect(matcher.mismatch(.string(String(repeating: "a", count: 40) + "!")) != nil)
    }

    @Test func pathTemplates_captureSegments_andTheRest() throws {
        #expect(try PathTemplate("/news/:id").match("/news/42/") == ["id": "42"])
        #expect(try PathTemplate("/news/:id").match("/news") == nil)
        #expect(try PathTemplate("/files/*key").match("/files/a/b.txt") == ["key": "a/b.txt"])
        #expect(throws: RouteDefinitionError.self) { try PathTemplate("/a/*rest/b") }
    }

    @Test func templates_renderTextAndWholeJSON() throws {
        let request = IncomingRequest(.init(method: "POST", target: "/x?q=1", path: "/x", query: [("q", "1")],
                                            headers: ["Content-Type": "application/json"], body: Array(#"{"n":{"m":3}}"#.utf8)))
        let context = TemplateContext(request: request, captures: [:], counter: 7, now: LCDate(millisecondsSince1970: 0))
        #expect(Template.render("{{request.body.n}}", context) == ["m": 3])
        #expect(Template.render("n={{request.body.n.m}}, q={{request.query.q}}, #{{counter}}", context) == "n=3, q=1, #7")
        #expect(Template.render("{{request.headers.missing}}", context) == .null)
    }
}
