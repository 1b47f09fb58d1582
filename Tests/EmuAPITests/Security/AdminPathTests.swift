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
    }
}
