@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
import EmuHTTP
@testable import EmuRouting
@testable import EmuTools
import Testing

/// Where a route runs is derived from what it does (`RouteWork`), never chosen route by route.
struct RouteExecutionTests {
    static let noop: @Sendable (RequestContext<AppRuntime?>) throws -> APIResponse = { _ in APIResponse(json: .null) }

    @Test(arguments: [
        (RouteWork.byMethod, "GET", RouteExecution.inline), (.byMethod, "HEAD", .inline),
        (.byMethod, "POST", .pooled), (.byMethod, "PUT", .pooled), (.byMethod, "DELETE", .pooled),
        (.writes, "GET", .pooled), (.slow, "GET", .pooled), (.slow, "POST", .pooled),
    ])
    func execution_followsTheWork(work: RouteWork, method: String, expected: RouteExecution) {
        #expect(APIRoute(access: .app, work: work, handler: Self.noop).execution(for: method) == expected)
    }

    /// The routes that read with a GET answer inline; GETs that write or take long do not, and
    /// neither do queries, whose cost their client decides (docs/security.md).
    @Test(arguments: [
        ("GET", "/1.1/classes/Post/abc", RouteExecution.inline), ("GET", "/1.1/classes/Post", .pooled),
        ("GET", "/1.1/users/me", .inline), ("GET", "/1.1/date", .inline),
        ("GET", "/1.1/cloudQuery", .pooled), ("GET", "/1.1/roles", .pooled), ("GET", "/1.1/users", .pooled),
        ("GET", "/1.1/users/abc/followers", .pooled), ("GET", "/1.1/users/abc/followersAndFollowees", .pooled),
        ("GET", "/1.1/login", .pooled), ("GET", "/1.1/requestCaptcha", .pooled),
        ("GET", "/1.1/captchaImage", .pooled), ("GET", "/api/captcha/login", .pooled),
        ("GET", "/1.1/scan/classes/Post", .pooled), ("GET", "/__files/app/key", .pooled),
        ("POST", "/1.1/classes/Post", .pooled), ("PUT", "/1.1/classes/Post/abc", .pooled),
    ])
    func theRouteTable_runsReadsInline(method: String, path: String, expected: RouteExecution) throws {
        guard case .found(let route, _) = Routes.make().match(method: method, path: path) else {
            Issue.record("no route for \(method) \(path)")
            return
        }
        #expect(route.execution(for: method) == expected)
    }
}
