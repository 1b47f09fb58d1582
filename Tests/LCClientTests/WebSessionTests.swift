import EmuTestSupport
import Foundation
import LCClient
import Testing

struct WebSessionTests {
    let server = StubWebServer(passwordSHA1: "5baa61e4c9b93f3f0682250b6cf8331b7ee68fd8")   // sha1("password")

    @Test func withoutTheCaptchaCallFirst_theLogInSucceeds_butTheNextCallIsNotLoggedIn() async throws {
        let web = LCWebSession(baseURL: URL(string: "http://web.test")!, transport: server.transport, establishesSession: false)
        try await web.logIn(account: "tom", password: "password")
        let error = await #expect(throws: LCWebError.self) { try await web.currentUser() }
        #expect(error?.isNotLoggedIn == true)
        #expect(error?.key == "user_not_login")
    }

    @Test func withTheCaptchaCallFirst_everythingWorks() async throws {
        let web = LCWebSession(baseURL: URL(string: "http://web.test")!, transport: server.transport)
        try await web.logIn(account: "tom", password: "password")
        #expect(await web.hasSession)
        #expect(try await web.currentUser()["name"] == "tom")
    }

    @Test func aLostSession_isReauthenticated_andTheCallRetriedOnce() async throws {
        let web = LCWebSession(baseURL: URL(string: "http://web.test")!, transport: server.transport)
        await web.setReauthentication { web in try await web.logIn(account: "tom", password: "password") }
        try await web.logIn(account: "tom", password: "password")
        server.endSessions()
        #expect(try await web.currentUser()["name"] == "tom")
    }

    @Test func badCredentials_reportTheKeyOfMsg() async throws {
        let web = LCWebSession(baseURL: URL(string: "http://web.test")!, transport: server.transport)
        let error = await #expect(throws: LCWebError.self) { try await web.logIn(account: "tom", password: "nope") }
        #expect(error?.code == 1)
        #expect(error?.key == "password")
    }
}

struct WebSupportTests {
    @Test func cookiesJoinedByCommas_areSplit_butExpiresDatesStayWhole() async throws {
        let transport = StubTransport { _ in
            var response = StubTransport.json(200, #"{"code":0,"data":true}"#)
            response.headers["Set-Cookie"] = "sid=abc; Path=/, XSRF-TOKEN=t1; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/"
            return response
        }
        let web = LCWebSession(baseURL: URL(string: "http://web.test")!, transport: transport)
        #expect(try await web.captchaRequired())
        _ = try? await web.call("POST", "/api/anything", form: [])
        #expect(transport.requests[1].headers["Cookie"] == "XSRF-TOKEN=t1; sid=abc")
        #expect(transport.requests[1].headers["X-XSRF-TOKEN"] == "t1")
    }
}
