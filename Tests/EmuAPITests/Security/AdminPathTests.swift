@testable import EmuRouting
import Testing

/// `AdminPath.contains`: a decoded path is the admin surface's when its first non-empty segment,
/// before or after resolving dot segments, is `__admin` in any case.
@Suite struct AdminPathTests {
    @Test(arguments: ["/__admin", "/__admin/", "/__admin/clock", "//__admin/routes", "/__ADMIN/clock", "/__Admin",
                      "/x/../__admin/clock", "/./__admin/ui", "/a/b/../../__admin", "/.well-known/../__admin", "/__admin/../1.1/date"])
    func adminSpellings_areAdmin(path: String) {
        #expect(AdminPath.contains(path))
    }

    @Test(arguments: ["", "/", "//", "/1.1/classes/Post/5f3a00000000000000000001", "/1.1/date", "/__adminx", "/__admi",
                      "/x/__admin", "/.well-known/x", "/1.1/./__admin", ".", "/..", "/a.b/c.d"])
    func otherPaths_areNot(path: String) {
        #expect(!AdminPath.contains(path))
    }

    /// The byte test decides alone unless some segment starts with a dot.
    @Test func theVerdict_onBytes() {
        func verdict(_ path: String) -> AdminPath.Verdict { Array(path.utf8).withUnsafeBufferPointer(AdminPath.verdict) }
        #expect(verdict("/1.1/classes/Post") == .notAdmin)
        #expect(verdict("//__aDmIn/x") == .admin)
        #expect(verdict("/1.1/../__admin") == .mayHaveDotSegment)
        #expect(verdict(".x") == .mayHaveDotSegment)
        #expect(verdict("") == .notAdmin)
        #expect(verdict("/1.1/") == .notAdmin)
        #expect(verdict("/1.1/.") == .mayHaveDotSegment)
        #expect(verdict("/1.1/a/.b") == .mayHaveDotSegment)
        #expect(verdict("/1.1/a.b/c.") == .notAdmin)
        #expect(verdict("/1.1") == .notAdmin)
        #expect(verdict("/1.1.") == .notAdmin)
        #expect(verdict("/1.1./x/..") == .mayHaveDotSegment)
    }

    /// Paths under `/1.1/` (read after their first segment) and others alike, against dot
    /// segments resolved the long way: every path of up to four segments drawn from a few
    /// that matter (the admin segment, dots, `1.1`, empty ones).
    @Test func everyShortPath_answersAsResolvingIt() {
        let parts = ["", ".", "..", "1.1", "__admin", "__ADMIN", "a", ".a", "a.", "1.1."]
        func resolved(_ path: String) -> Bool {
            var kept: [Substring] = []
            for part in path.split(separator: "/", omittingEmptySubsequences: true) {
                if part == "." { continue }
                if part == ".." { _ = kept.popLast(); continue }
                kept.append(part)
            }
            let first = path.split(separator: "/", omittingEmptySubsequences: true).first
            return [kept.first, first].contains { $0?.lowercased() == "__admin" }
        }
        var paths = [""]
        for _ in 0..<4 { paths += paths.flatMap { path in parts.map { path + "/" + $0 } } }
        for path in Set(paths) { #expect(AdminPath.contains(path) == resolved(path), "\(path)") }
    }
}
