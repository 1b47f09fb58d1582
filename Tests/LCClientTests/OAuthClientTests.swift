import EmuTestSupport
import Foundation
import LCClient
import Testing

struct OAuthClientTests {
    /// A token server: `access-N` tokens; only the newest one is accepted by the API.
    // @unchecked: mutable state is read and written under `lock`.
    final class TokenServer: @unchecked Sendable {
        private let lock = NSLock()
        private var issued = 0
        private var accessExpired = false
        /// The access token stops working; the refresh token still works.
        func expireAccessToken() { lock.withLock { accessExpired = true } }
        /// Both tokens stop working.
        func revoke() { lock.withLock { issued += 100 } }

        lazy var transport = StubTransport { [unowned self] request in
            let body = String(decoding: request.body ?? Data(), as: UTF8.self)
            return self.lock.withLock {
                if request.url.path == "/oauth/access_token" {
                    guard request.headers["Authorization"] == "Basic " + Data("cid:secret".utf8).base64EncodedString() else {
                        return StubTransport.json(401, #"{"error":"invalid_client"}"#)
                    }
                    guard body.contains("grant_type=password") || body.contains("refresh_token=refresh-\(self.issued)") else {
                        return StubTransport.json(400, #"{"error":"invalid_grant"}"#)
                    }
                    self.issued += 1
                    self.accessExpired = false
                    return StubTransport.json(200, #"{"access_token":"access-\#(self.issued)","refresh_token":"refresh-\#(self.issued)","token_type":"bearer","expires_in":3600}"#)
                }
                guard request.headers["Authorization"] == "Bearer access-\(self.issued)", !self.accessExpired else {
                    var response = StubTransport.json(401, #"{"error":"invalid_token"}"#)
                    response.headers["WWW-Authenticate"] = #"Bearer error="invalid_token""#
                    return response
                }
                return StubTransport.json(200, #"{"ok":true}"#)
            }
        }
    }

    @Test func thePasswordGrant_usesBasicClientAuth_andAFormBody() async throws {
        let server = TokenServer()
        let oauth = LCOAuthClient(baseURL: URL(string: "http://oauth.test")!, clientId: "cid", clientSecret: "secret", transport: server.transport)
        let tokens = try await oauth.logIn(username: "tom", password: "a b&c")
        #expect(tokens.accessToken == "access-1")
        let body = String(decoding: server.transport.requests[0].body ?? Data(), as: UTF8.self)
        #expect(body == "grant_type=password&username=tom&password=a%20b%26c")
        #expect(try await oauth.send("GET", "/api/me").status == 200)
    }

    @Test func anInvalidToken_isRefreshed_andTheCallRetriedOnce() async throws {
        let server = TokenServer()
        let oauth = LCOAuthClient(baseURL: URL(string: "http://oauth.test")!, clientId: "cid", clientSecret: "secret", transport: server.transport)
        try await oauth.logIn(username: "tom", password: "pw")
        server.expireAccessToken()
        #expect(try await oauth.send("GET", "/api/me").status == 200)
        let paths = server.transport.requests.map(\.url.path)
        #expect(paths == ["/oauth/access_token", "/api/me", "/oauth/access_token", "/api/me"])
    }

    @Test func aRevokedRefreshToken_failsTheCall_withoutLooping() async throws {
        let server = TokenServer()
        let oauth = LCOAuthClient(baseURL: URL(string: "http://oauth.test")!, clientId: "cid", clientSecret: "secret", transport: server.transport)
        try await oauth.logIn(username: "tom", password: "pw")
        server.revoke()
        let error = await #expect(throws: LCOAuthError.self) { try await oauth.send("GET", "/api/me") }
        #expect(error?.error == "invalid_grant")
        #expect(server.transport.requests.count == 3)
    }

    @Test func aTokenPastExpiresIn_isRefreshedBeforeTheCall() async throws {
        let server = TokenServer()
        let clock = Clock()
        let oauth = LCOAuthClient(baseURL: URL(string: "http://oauth.test")!, clientId: "cid", clientSecret: "secret",
                                  transport: server.transport, now: { clock.now })
        try await oauth.logIn(username: "tom", password: "pw")
        clock.advance(3601)
        #expect(try await oauth.send("GET", "/api/me").status == 200)
        #expect(await oauth.tokens?.accessToken == "access-2")
    }

    // @unchecked: mutable state is read and written under `lock`.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var offset: TimeInterval = 0
        var now: Date { lock.withLock { Date(timeIntervalSince1970: 1_000_000 + offset) } }
        func advance(_ seconds: TimeInterval) { lock.withLock { offset += seconds } }
    }
}
