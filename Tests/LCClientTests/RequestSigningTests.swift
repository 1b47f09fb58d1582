import EmuTestSupport
import Foundation
import LCClient
import Testing

struct RequestSigningTests {
    /// Checks `X-LC-Sign` against `md5(timestamp + key)` for the given key.
    func signatureMatches(_ header: String?, key: String, master: Bool) -> Bool {
        guard let header, let parts = LCRequestSignature.parse(header) else { return false }
        return parts.isMaster == master && parts.digest == LCRequestSignature.digest(key: key, timestamp: parts.timestamp)
    }

    @Test func everyRequest_isSignedWithTheAppKey_andCarriesTheAppId() async throws {
        let transport = StubTransport()
        let app = LCApplication.stub(transport)
        _ = try await app.request("GET", "/1.1/date")
        let request = try #require(transport.requests.first)
        #expect(request.headers["X-LC-Id"] == "app-id")
        #expect(request.headers["X-LC-Key"] == nil)
        #expect(signatureMatches(request.headers["X-LC-Sign"], key: "app-key", master: false))
        #expect(request.url.absoluteString == "http://lcemu.test/1.1/date")
    }

    @Test func masterRequests_signWithTheMasterKey_andTheMasterSuffix() async throws {
        let transport = StubTransport()
        _ = try await LCApplication.stub(transport).request("GET", "/1.1/date", options: .master)
        _ = try await LCApplication.stub(transport).withMasterKey().request("GET", "/1.1/date")
        for request in transport.requests {
            #expect(signatureMatches(request.headers["X-LC-Sign"], key: "master-key", master: true))
        }
    }

    @Test func theSessionToken_ofTheCurrentUser_goesWithEveryRequest_untilLogOut() async throws {
        let transport = StubTransport()
        let app = LCApplication.stub(transport)
        app.setCurrentUser(LCUser(objectId: "u1", fields: ["sessionToken": "token-1"]))
        _ = try await app.request("GET", "/1.1/date")
        _ = try await app.request("POST", "/1.1/login", body: [:], options: .anonymous)
        app.logOut()
        _ = try await app.request("GET", "/1.1/date")
        #expect(transport.requests.map { $0.headers["X-LC-Session"] } == ["token-1", nil, nil])
    }

    @Test func queryValues_arePercentEncoded_soWhereJSONSurvives() async throws {
        let transport = StubTransport(json: #"{"results":[]}"#)
        let query = LCQuery(className: "Post").whereKey("title", .equalTo("a+b & c")).order(by: "-createdAt")
        _ = try await query.find(in: .stub(transport))
        let items = try #require(transport.requests.first).queryItems
        #expect(items["where"] == #"{"title":"a+b & c"}"#)
        #expect(items["order"] == "-createdAt")
    }

    @Test func perRequestTimeout_overridesTheApplicationDefault() async throws {
        let transport = StubTransport()
        let app = LCApplication.stub(transport)
        _ = try await app.request("GET", "/1.1/date")
        _ = try await app.request("GET", "/1.1/date", options: LCRequestOptions(timeout: 2.5))
        #expect(transport.requests.map(\.timeout) == [60, 2.5])
    }

    @Test func theSpecWorkedExample_signsAsDocumented() {
        #expect(LCRequestSignature.make(key: "UtOCzqb67d3sN12Kts4URwy8", timestamp: 1453014943466)
            == "d5bcbb897e19b2f6633c716dfdfaf9be,1453014943466")
    }
}
