import EmuAPI
import EmuTesting
import LCWire
import Testing

/// `POST /oauth/access_token` (login-flows.md §3, RFC 6749).
@Suite struct OAuthTokenTests {
    @Test func passwordGrant_answersABearerTokenSet() throws {
        let fixture = try OAuthFixture()
        let response = try fixture.passwordGrant()
        #expect(response.status == 200)
        let body = try #require(response.json?.objectValue)
        #expect(body.keys == ["access_token", "refresh_token", "token_type", "expires_in"])
        #expect(body["token_type"] == "bearer")
        #expect(body["expires_in"] == 3600)
        #expect(body["access_token"]?.stringValue?.count == 40)
        #expect(body["access_token"] != body["refresh_token"])
    }

    @Test func expiresIn_isTheAppOption() throws {
        let fixture = try OAuthFixture(expiresIn: 60)
        #expect(try fixture.passwordGrant().json?["expires_in"] == 60)
    }

    @Test(arguments: [nil, "Basic", "Basic !!!", "Bearer x"])
    func missingOrMalformedClientCredentials_areInvalidClient(authorization: String?) throws {
        let fixture = try OAuthFixture()
        let response = try fixture.token([("grant_type", "password"), ("username", "testuser"), ("password", "x")],
                                         authorization: authorization ?? "")
        #expect(response.status == 401)
        #expect(response.json?["error"] == "invalid_client")
        #expect(response.headers["WWW-Authenticate"] == #"Basic realm="oauth""#)
    }

    @Test func wrongSecret_orUnknownClient_isInvalidClient() throws {
        let fixture = try OAuthFixture()
        let fields = [("grant_type", "password"), ("username", "testuser"), ("password", "lcemu-test-password")]
        #expect(try fixture.token(fields, authorization: fixture.basic(nil, "wrong")).json?["error"] == "invalid_client")
        #expect(try fixture.token(fields, authorization: fixture.basic(nil, fixture.emulator.app.masterKey)).status == 401)
        #expect(try fixture.token(fields, authorization: fixture.basic("other-app", nil)).json?["error"] == "invalid_client")
    }

    @Test(arguments: [
        ([("username", "testuser")], 400, "invalid_request"),
        ([("grant_type", "client_credentials")], 400, "unsupported_grant_type"),
        ([("grant_type", "password"), ("username", "testuser")], 400, "invalid_request"),
        ([("grant_type", "password"), ("username", "testuser"), ("password", "wrong")], 400, "invalid_grant"),
        ([("grant_type", "password"), ("username", "nobody"), ("password", "x")], 400, "invalid_grant"),
        ([("grant_type", "refresh_token")], 400, "invalid_request"),
        ([("grant_type", "refresh_token"), ("refresh_token", "unknown")], 400, "invalid_grant"),
    ])
    func badRequests_answerRFC6749Errors(fields: [(String, String)], status: Int, error: String) throws {
        let response = try OAuthFixture().token(fields)
        #expect(response.status == status)
        #expect(response.json?["error"]?.stringValue == error)
        #expect(response.json?["error_description"]?.stringValue?.isEmpty == false)
    }

    @Test func passwordGrant_acceptsTheEmailAsUserName() throws {
        #expect(try OAuthFixture().passwordGrant("testuser@example.com").status == 200)
    }

    @Test func refreshGrant_rotates_theOldRefreshTokenAndAccessTokenDie() throws {
        let fixture = try OAuthFixture()
        let first = try #require(try fixture.passwordGrant().json)
        let refresh = try #require(first["refresh_token"]?.stringValue)
        let access = try #require(first["access_token"]?.stringValue)
        let second = try fixture.token([("grant_type", "refresh_token"), ("refresh_token", refresh)])
        #expect(second.status == 200)
        #expect(second.json?["refresh_token"]?.stringValue != refresh)
        let again = try fixture.token([("grant_type", "refresh_token"), ("refresh_token", refresh)])
        #expect(again.json?["error"] == "invalid_grant")
        #expect(try fixture.get(OAuthFixture.privatePost, bearer: access).status == 401)
        let newAccess = try #require(second.json?["access_token"]?.stringValue)
        #expect(try fixture.get(OAuthFixture.privatePost, bearer: newAccess).status == 200)
    }

    @Test func refreshToken_expiresAfterThirtyDays() throws {
        let fixture = try OAuthFixture()
        let refresh = try #require(try fixture.passwordGrant().json?["refresh_token"]?.stringValue)
        try fixture.app.clock.advance(milliseconds: 31 * 86_400_000)
        let response = try fixture.token([("grant_type", "refresh_token"), ("refresh_token", refresh)])
        #expect(response.json?["error"] == "invalid_grant")
    }
}
