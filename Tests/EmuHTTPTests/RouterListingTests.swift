import EmuHTTP
import Testing

@Suite struct RouterListingTests {
    @Test func routes_listEveryMethodAndPattern_sortedByPatternThenMethod() {
        var router = Router<Int>()
        router.add("GET", "/1.1/classes/:className/:objectId", 1)
        router.add("PUT", "/1.1/classes/:className/:objectId", 2)
        router.add("GET", "/1.1/users/me", 3)
        router.add("GET", "/files/:appId/*key", 4)
        router.add("POST", "/", 5)
        router.add("GET", "/1.1/users/me", 6)  // a re-registration is still one route
        let listed = router.routes.map { "\($0.method) \($0.pattern)" }
        #expect(listed == [
            "POST /", "GET /1.1/classes/:className/:objectId", "PUT /1.1/classes/:className/:objectId",
            "GET /1.1/users/me", "GET /files/:appId/*key",
        ])
    }

    @Test func routes_ofAnEmptyRouter_isEmpty() {
        #expect(Router<Int>().routes.isEmpty)
    }
}
