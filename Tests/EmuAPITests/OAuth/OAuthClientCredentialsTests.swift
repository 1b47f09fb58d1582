import EmuAPI
import EmuHTTP
import EmuTestSupport
import EmuTesting
import LCWire
import Testing

/// Client credentials of `POST /oauth/access_token` (RFC 6749 §2.3.1): HTTP Basic, or the form's
/// `client_id` and `client_secret`; both must agree (docs/web-login.md, "Client credentials").
@Suite struct OAuthClientCredentialsTests {
    static let grant = [("grant_type", "password"), ("username", "testuser"), ("password", "lcemu-test-password")]

    static func bodyCredentials(_ fixture: OAuthFixture, id: String? = nil, secret: String? = nil) -> [(String, String)] {
        grant + [("client_id", id ?? fixture.emulator.app.appId), ("client_secret", secret ?? fixture.emulator.app.appKey)]
    }

    @Test func basicOnly_isAccepted() throws {
        let fixture = try OAuthFixture()
        let response = try fixture.token(Self.grant)
        #expect(response.status == 200)
        #expect(response.json?["access_token"]?.stringValue?.isEmpty == false)
    }

    @Test func bodyOnly_isAccepted_andItsTokenWorksOn11() throws {
        let fixture = try OAuthFixture()
        let response = try fixture.token(Self.bodyCredentials(fixture), authorization: "")
        #expect(response.status == 200)
        let access = try #require(response.json?["access_token"]?.stringValue)
        #expect(try fixture.get(OAuthFixture.privatePost, bearer: access).status == 200)
        // The refresh grant takes body credentials too.
        let refresh = try #require(response.json?["refresh_token"]?.stringValue)
        let renewed = try fixture.token([("grant_type", "refresh_token"), ("refresh_token", refresh),
                                         ("client_id", fixture.emulator.app.appId), ("client_secret", fixture.emulator.app.appKey)],
                                        authorization: "")
        #expect(renewed.status == 200)
    }

    @Test func bothAndEqual_areAccepted() throws {
        let fixture = try OAuthFixture()
        #expect(try fixture.token(Self.bodyCredentials(fixture)).status == 200)
        // A public client's `client_id` alone beside Basic (RFC 6749 §3.2.1) agrees too.
        #expect(try fixture.token(Self.grant + [("client_id", fixture.emulator.app.appId)]).status == 200)
    }

    @Test(arguments: [("other-id", nil), (nil, "other-secret")] as [(String?, String?)])
    func bothAndDiffering_is400InvalidRequest(id: String?, secret: String?) throws {
        let fixture = try OAuthFixture()
        var form = Self.grant
        if let id { form.append(("client_id", id)) }
        if let secret { form.append(("client_secret", secret)) }
        let response = try fixture.token(form)
        #expect(response.status == 400)
        #expect(response.text == #"{"error":"invalid_request","error_description":"client credentials differ between the Authorization header and the body."}"#)
        // Whichever of the two is right, no token was issued: the request is refused as a whole.
        #expect(try fixture.token(Self.bodyCredentials(fixture, secret: "wrong"), authorization: fixture.basic(nil, "wrong")).status == 401)
    }

    @Test(arguments: [
        [("client_id", "lcemu-dev-app-id")],
        [("client_secret", "lcemu-dev-app-key")],
        [("client_id", "lcemu-dev-app-id"), ("client_secret", "wrong")],
        [("client_id", "other"), ("client_secret", "lcemu-dev-app-key")],
        [],
    ] as [[(String, String)]])
    func bodyCredentials_incompleteOrWrong_are401InvalidClient(extra: [(String, String)]) throws {
        let fixture = try OAuthFixture()
        let response = try fixture.token(Self.grant + extra, authorization: "")
        #expect(response.status == 401)
        #expect(response.json?["error"] == "invalid_client")
        #expect(response.headers["WWW-Authenticate"] == #"Basic realm="oauth""#)
    }

    @Test func bodyCredentials_inAJSONBody_areNoForm_andRefused() throws {
        let fixture = try OAuthFixture()
        let json: JSON = ["grant_type": "password", "username": "testuser", "password": "lcemu-test-password",
                          "client_id": .string(fixture.emulator.app.appId), "client_secret": .string(fixture.emulator.app.appKey)]
        let response = try fixture.client.send("POST", "/oauth/access_token", body: Array(json.jsonString.utf8),
                                               headers: ["Content-Type": "application/json"])
        #expect(response.status == 401)
        #expect(response.json?["error"] == "invalid_client")
    }

    @Test func theBodysClientSecret_isMaskedInTheJournal() throws {
        let fixture = try OAuthFixture()
        #expect(try fixture.token(Self.bodyCredentials(fixture), authorization: "").status == 200)
        let journal = try fixture.emulator.inProcessClient(credentials: .masterKey).get("/__admin/requests?path=/oauth/access_token").text
        #expect(journal.contains("client_secret=…redacted…"))
        #expect(!journal.contains(fixture.emulator.app.appKey))
        #expect(!journal.contains("lcemu-test-password"))
    }
}
