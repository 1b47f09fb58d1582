@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
import EmuHTTP
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import LCWire
import Testing

/// A request's context is filled once (docs/architecture.md, "A request's context"): its
/// session token comes from the credentials or the query, and its caller is looked up at most
/// once, in the transaction that first asks, and never without a token.
@Suite struct RequestContextTests {
    @Test func aRequestWithoutToken_sharesItsAppsContext_withTheCallerKnown() throws {
        let server = try TestServer.start()
        let app = try #require(server.emulator.app(server.app.appId))
        let anonymous = AccessContext.forRequest(app: app, isMaster: false, sessionToken: nil)
        let master = AccessContext.forRequest(app: app, isMaster: true, sessionToken: nil)
        #expect(anonymous === app.tokenlessAccess.anonymous && master === app.tokenlessAccess.master)
        #expect(!anonymous.hasSessionToken && !master.hasSessionToken)
        #expect(try anonymous.caller(reading: app.database) == .anonymous)
        #expect(try master.caller(reading: app.database) == .master)
    }

    @Test func theCaller_isLookedUpOnce_andKeptForTheRestOfTheRequest() throws {
        let server = try TestServer.start(seeded: true)
        let app = try #require(server.emulator.app(server.app.appId))
        let token = try server.sessionToken(forUser: TestServer.seedUserId)
        let access = AccessContext.forRequest(app: app, isMaster: false, sessionToken: token)
        let first = try app.database.read { db in try access.caller(in: db) }
        #expect(first == Caller(userId: TestServer.seedUserId))
        // The session ends while the request runs: the request keeps the caller it resolved …
        try app.database.write { db in try db.execute("DELETE FROM sessions") }
        #expect(try access.caller(reading: app.database) == first)
        // … and the next request finds the session invalid.
        let next = AccessContext.forRequest(app: app, isMaster: false, sessionToken: token)
        #expect(try next.caller(reading: app.database) == Caller(hasInvalidSession: true))
    }

    @Test(arguments: [
        ("credential", [("session_token", "query")], "credential"),
        (nil, [("session_token", "query")], "query"),
        (nil, [("session_token", "")], nil),
        (nil, [], nil),
    ] as [(String?, [(String, String)], String?)])
    func theSessionToken_isTheCredentials_elseTheQuerys(credential: String?, query: [(String, String)],
                                                       expected: String?) throws {
        let server = try TestServer.start()
        let app = try #require(server.emulator.app(server.app.appId))
        let http = HTTPRequest(method: "GET", target: "/", path: "/", query: query.map { (name: $0.0, value: $0.1) })
        let request = RequestContext<AppRuntime?>(http: http, parameters: [:], requestId: "1", app: app, isMaster: false,
                                 credentialSessionToken: credential)
        #expect(request.sessionToken == expected)
        #expect(request.access.hasSessionToken == (expected != nil))
    }
}
