import EmuAPI
import EmuTesting
import LCWire
import Testing

/// `Authorization: Bearer` on the `/1.1` API (login-flows.md §3, RFC 6750).
@Suite struct BearerTests {
    @Test func bearer_standsForTheAppHeadersAndTheUsersSession() throws {
        let fixture = try OAuthFixture()
        let access = try #require(try fixture.passwordGrant().json?["access_token"]?.stringValue)
        #expect(try fixture.client.get(OAuthFixture.privatePost).status == 401)
        let response = try fixture.get(OAuthFixture.privatePost, bearer: access)
        #expect(response.status == 200)
        #expect(response.json?["objectId"] == "65a1f0c0e4b0a1d2c3f50028")
        // The user can write what only it may write.
        let put = try fixture.client.put(OAuthFixture.privatePost, json: ["likes": 3], headers: ["Authorization": "Bearer \(access)"])
        #expect(put.status == 200)
    }

    @Test func expiredBearer_is401_withTheRFC6750Challenge() throws {
        let fixture = try OAuthFixture()
        let access = try #require(try fixture.passwordGrant().json?["access_token"]?.stringValue)
        try fixture.app.clock.advance(milliseconds: 3_599_000)
        #expect(try fixture.get(OAuthFixture.privatePost, bearer: access).status == 200)
        try fixture.app.clock.advance(milliseconds: 1_000)
        let expired = try fixture.get(OAuthFixture.privatePost, bearer: access)
        #expect(expired.status == 401)
        #expect(expired.headers["WWW-Authenticate"] == #"Bearer error="invalid_token""#)
        #expect(expired.text == #"{"code":401,"error":"Unauthorized."}"#)
    }

    @Test(arguments: ["unknown-token", ""])
    func unknownBearer_is401_withTheChallenge(token: String) throws {
        let fixture = try OAuthFixture()
        let response = try fixture.get("/1.1/classes/Post", bearer: token)
        #expect(response.status == 401)
        #expect(response.headers["WWW-Authenticate"] == #"Bearer error="invalid_token""#)
    }

    @Test func bearer_doesNotGrantTheMasterKey() throws {
        let fixture = try OAuthFixture()
        let access = try #require(try fixture.passwordGrant().json?["access_token"]?.stringValue)
        #expect(try fixture.client.post("/__admin/reset", headers: ["Authorization": "Bearer \(access)"]).status == 401)
    }

    @Test func bearer_namingAnotherAppWithXLCId_is401() throws {
        let fixture = try OAuthFixture()
        let access = try #require(try fixture.passwordGrant().json?["access_token"]?.stringValue)
        let response = try fixture.client.get(OAuthFixture.privatePost, headers: ["Authorization": "Bearer \(access)", "X-LC-Id": "other"])
        #expect(response.status == 401)
    }

    @Test func bearer_coversBatchSubRequests() throws {
        let fixture = try OAuthFixture()
        let access = try #require(try fixture.passwordGrant().json?["access_token"]?.stringValue)
        let batch: JSON = ["requests": [["method": "GET", "path": "/1.1/classes/Post/65a1f0c0e4b0a1d2c3f50028"]]]
        let response = try fixture.client.post("/1.1/batch", json: batch, headers: ["Authorization": "Bearer \(access)"])
        #expect(response.json?[0]?["success"]?["objectId"] == "65a1f0c0e4b0a1d2c3f50028")
    }
}
