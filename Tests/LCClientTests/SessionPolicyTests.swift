import EmuTestSupport
import Foundation
import LCClient
import Testing

struct SessionPolicyTests {
    /// A server where `validToken` is the only live session: reads need it, log-in issues it.
    func server(validToken: String) -> StubTransport {
        StubTransport { request in
            switch request.url.path {
            case "/1.1/login":
                return StubTransport.json(200, #"{"objectId":"u1","username":"tom","sessionToken":"\#(validToken)"}"#)
            case "/1.1/users/me":
                return request.headers["X-LC-Session"] == validToken
                    ? StubTransport.json(200, #"{"objectId":"u1"}"#)
                    : StubTransport.json(400, #"{"code":211,"error":"Could not find user."}"#)
            default:
                return request.headers["X-LC-Session"] == validToken
                    ? StubTransport.json(200, #"{"objectId":"p1","title":"secret"}"#)
                    : StubTransport.json(403, #"{"code":403,"error":"Forbidden reading by object's ACL."}"#)
            }
        }
    }

    @Test func aDeadSession_isReauthenticatedOnce_andTheRequestRetried() async throws {
        let transport = server(validToken: "fresh")
        let app = LCApplication.stub(transport).withReauthentication(LCReauthentication { app in
            try await LCUser.logIn(username: "tom", password: "pw", in: app)
        })
        app.setCurrentUser(LCUser(objectId: "u1", fields: ["sessionToken": "expired"]))
        let post = try await LCObject.get(className: "Post", objectId: "p1", in: app)
        #expect(post["title"] == "secret")
        #expect(app.currentUser?.sessionToken == "fresh")
        #expect(transport.requests.map(\.url.path) == ["/1.1/classes/Post/p1", "/1.1/users/me", "/1.1/login", "/1.1/classes/Post/p1"])
    }

    @Test func aDenialForALiveSession_isNotRetried() async throws {
        let transport = StubTransport { request in
            request.url.path == "/1.1/users/me" ? StubTransport.json(200, #"{"objectId":"u1"}"#)
                : StubTransport.json(403, #"{"code":403,"error":"Forbidden reading by object's ACL."}"#)
        }
        let calls = Counter()
        let app = LCApplication.stub(transport).withReauthentication(LCReauthentication { _ in calls.increment() })
        app.setCurrentUser(LCUser(objectId: "u1", fields: ["sessionToken": "live"]))
        await #expect(throws: LCError.self) { try await LCObject.get(className: "Post", objectId: "p1", in: app) }
        #expect(calls.value == 0)
    }

    @Test func withoutAPolicy_theFailureIsReported() async throws {
        let app = LCApplication.stub(server(validToken: "fresh"))
        app.setCurrentUser(LCUser(objectId: "u1", fields: ["sessionToken": "expired"]))
        let error = await #expect(throws: LCError.self) { try await LCObject.get(className: "Post", objectId: "p1", in: app) }
        #expect(error?.code == .forbidden)
    }

    @Test func currentUserUpdates_yieldTheUserNow_andOnEveryChange() async throws {
        let app = LCApplication.stub(server(validToken: "fresh"))
        var updates = app.currentUserUpdates.makeAsyncIterator()
        #expect(await updates.next() == .some(nil))
        try await LCUser.logIn(username: "tom", password: "pw", using: .legacyGet, in: app)
        #expect(await updates.next()??.username == "tom")
        app.logOut()
        #expect(await updates.next() == .some(nil))
    }
}

/// A thread-safe counter for closures.
// @unchecked: mutable state is read and written under `lock`.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}

struct ParallelReauthenticationTests {
    @Test func parallelRequestsWithADeadSession_shareOneReauthentication() async throws {
        let transport = SessionPolicyTests().server(validToken: "fresh")
        let logIns = Counter()
        let app = LCApplication.stub(transport).withReauthentication(LCReauthentication { app in
            logIns.increment()
            try await LCUser.logIn(username: "tom", password: "pw", in: app)
        })
        app.setCurrentUser(LCUser(objectId: "u1", fields: ["sessionToken": "expired"]))
        async let a = LCObject.get(className: "Post", objectId: "p1", in: app)
        async let b = LCObject.get(className: "Post", objectId: "p1", in: app)
        async let c = LCObject.get(className: "Post", objectId: "p1", in: app)
        let posts = try await [a, b, c]
        #expect(posts.allSatisfy { $0["title"] == "secret" })
        #expect(logIns.value == 1)
    }
}
