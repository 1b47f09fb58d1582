@testable import EmuAPI
import EmuHTTP
@testable import EmuRouting
import Testing

/// `LiteralRoutes` answers only what the router's tree answers: the same route for a path
/// spelled as a literal pattern, nothing (the tree decides) for anything else.
@Suite struct LiteralRoutesTests {
    /// A route whose access names it, so that two answers can be told apart.
    static func tagged(_ tag: String) -> APIRoute {
        APIRoute(access: .appInPath(parameter: tag)) { _ in APIResponse(json: .null) }
    }

    static let methods = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "get", "BREW"]

    /// The tree's answer, as a tag (nil when it finds no route).
    static func treeTag(_ router: Router<APIRoute>, _ method: String, _ path: String) -> RouteAccess? {
        guard case .found(let route, _) = router.match(method: method, path: path) else { return nil }
        return route.access
    }

    /// Every route the emulator has, tagged "<method> <pattern>" in the same tree: each literal
    /// pattern is found for each of its methods, and nothing is answered that the tree answers
    /// otherwise, over every method and spellings of every pattern (captures filled in).
    @Test func everyRoute_answersAsTheTree() {
        var router = Router<APIRoute>()
        for (method, pattern) in Routes.make().routes { router.add(method, pattern, Self.tagged("\(method) \(pattern)")) }
        let literals = LiteralRoutes(router)
        var found = 0
        for (method, pattern) in router.routes {
            let literal = !pattern.contains(":") && !pattern.contains("*")
            if literal {
                #expect(literals.route(method: method, path: pattern)?.access == .appInPath(parameter: "\(method) \(pattern)"))
                found += 1
            }
            let filled = Router<APIRoute>.segments(pattern)
                .map { $0.hasPrefix(":") || $0.hasPrefix("*") ? "me" : String($0) }
            let spellings = ["/" + filled.joined(separator: "/"), "//" + filled.joined(separator: "/"),
                             "/" + filled.joined(separator: "/") + "/", "/" + filled.joined(separator: "//"),
                             "/" + filled.joined(separator: "/").uppercased()]
            for path in spellings {
                for method in Self.methods {
                    guard let answer = literals.route(method: method, path: path) else { continue }
                    #expect(answer.access == Self.treeTag(router, method, path), "\(method) \(path)")
                    #expect(path == "/" + filled.joined(separator: "/") || filled.isEmpty, "\(method) \(path)")
                }
            }
        }
        #expect(found >= 30)
    }

    @Test func literalBesideCapture_andLaterRegistration() {
        var router = Router<APIRoute>()
        router.add("GET", "/users/:id", Self.tagged("capture"))
        router.add("GET", "/users/me", Self.tagged("first"))
        router.add("GET", "/users/me", Self.tagged("later"))
        router.add("POST", "/a/b", Self.tagged("post"))
        router.add("GET", "/", Self.tagged("root"))
        let literals = LiteralRoutes(router)
        #expect(literals.route(method: "GET", path: "/users/me")?.access == .appInPath(parameter: "later"))
        #expect(literals.route(method: "GET", path: "/users/mf") == nil)
        #expect(literals.route(method: "GET", path: "/users/m") == nil)
        #expect(literals.route(method: "GET", path: "/a/b") == nil)
        #expect(literals.route(method: "HEAD", path: "/users/me") == nil)
        #expect(literals.route(method: "POST", path: "/a/b")?.access == .appInPath(parameter: "post"))
        #expect(literals.route(method: "POST", path: "/a/b/") == nil)
        #expect(literals.route(method: "GET", path: "/")?.access == .appInPath(parameter: "root"))
        #expect(literals.route(method: "GET", path: "") == nil)
        #expect(literals.route(method: "GET", path: String(repeating: "/a", count: 500)) == nil)
        #expect(LiteralRoutes(Router<APIRoute>()).route(method: "GET", path: "/") == nil)
    }

    /// Through the stage: a sub-request's match and a request's route find the same.
    @Test func stageMatch_keepsTheTreesCaptures() throws {
        var router = Router<APIRoute>()
        router.add("GET", "/users/:id", Self.tagged("capture"))
        router.add("GET", "/users/me", Self.tagged("literal"))
        let stage = RoutingStage(router: router, authenticator: AppAuthenticator(apps: [:]))
        let literal = try stage.match(method: "GET", path: "/users/me").get()
        #expect(literal.0.access == .appInPath(parameter: "literal") && literal.1.isEmpty)
        let captured = try stage.match(method: "GET", path: "/users/x").get()
        #expect(captured.0.access == .appInPath(parameter: "capture") && captured.1["id"] == "x")
        #expect(throws: APIError.self) { try stage.match(method: "DELETE", path: "/users/me").get() }
    }

    /// `route(_:)` on a request's draft: a literal route leaves its captures empty, a route with
    /// captures fills them, and what the literal routes do not answer (HEAD by GET, another
    /// spelling, a 405) the tree still does.
    @Test func stageRoute_fillsTheDraftAsTheTreeWould() throws {
        var router = Router<APIRoute>()
        router.add("GET", "/users/:id", Self.tagged("capture"))
        router.add("GET", "/users/me", Self.tagged("literal"))
        let stage = RoutingStage(router: router, authenticator: AppAuthenticator(apps: [:]))
        func routed(_ method: String, _ path: String) -> (RouteAccess?, RouteCaptures, Bool) {
            let request = HTTPRequest(method: method, target: path, path: path, query: [], headers: HTTPHeaders())
            var draft = ContextDraft(received: request, requestId: RequestId("1"), arrivedAt: 0, dispatcher: nil)
            let access = try? stage.route(&draft).get().access
            return (access, draft.parameters, draft.isUnmatched)
        }
        let literal = routed("GET", "/users/me")
        #expect(literal.0 == .appInPath(parameter: "literal") && literal.1.isEmpty && !literal.2)
        let captured = routed("GET", "/users/x")
        #expect(captured.0 == .appInPath(parameter: "capture") && captured.1["id"] == "x")
        #expect(routed("HEAD", "/users/me").0 == .appInPath(parameter: "literal"))
        #expect(routed("GET", "//users/me/").0 == .appInPath(parameter: "literal"))
        let refused = routed("DELETE", "/users/me")
        #expect(refused.0 == nil && !refused.2)
        #expect(routed("GET", "/nothing").2)
    }
}
