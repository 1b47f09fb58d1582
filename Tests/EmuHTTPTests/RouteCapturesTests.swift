import EmuHTTP
import Testing

@Suite struct RouteCapturesTests {
    @Test func captures_areFoundByName_beyondTheTwoKeptInline() {
        var captures: RouteCaptures = ["className": "Post", "objectId": "abc"]
        captures["rest"] = "a/b"
        captures["objectId"] = "def"
        #expect(captures["className"] == "Post" && captures["objectId"] == "def" && captures["rest"] == "a/b")
        #expect(captures["missing"] == nil)
        #expect(captures.all.map(\.name) == ["className", "objectId", "rest"])
        captures["className"] = nil
        #expect(captures["className"] == nil && captures.all.count == 2)
        #expect(captures == ["rest": "a/b", "objectId": "def"])
        #expect(RouteCaptures().isEmpty && !captures.isEmpty)
    }

    @Test func theRouter_returnsEveryCapture() {
        var router = Router<Int>()
        router.add("GET", "/1.1/classes/:className/:objectId", 1)
        router.add("GET", "/files/:app/*key", 2)
        guard case .found(1, let fetched) = router.match(method: "GET", path: "/1.1/classes/Post/abc") else {
            Issue.record("no match")
            return
        }
        #expect(fetched == ["className": "Post", "objectId": "abc"])
        guard case .found(2, let file) = router.match(method: "GET", path: "/files/app1/a/b//c") else {
            Issue.record("no match")
            return
        }
        #expect(file["app"] == "app1" && file["key"] == "a/b/c")
    }
}
