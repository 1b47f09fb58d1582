import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuTesting
import Foundation
import LCWire
import Testing

/// The OAuth flow of login-flows.md §3 over a real socket: grant → call → expiry by the admin
/// clock → 401 → refresh → call, as a client's "retry after refresh" logic runs it.
@Suite struct OAuthEndToEndTests {
    static let privatePost = "/1.1/classes/Post/65a1f0c0e4b0a1d2c3f50028"

    @Test func grant_call_expire_refresh_call() throws {
        let emulator = try TestServer.start(seeded: true)
        let client = emulator.client(credentials: .none)
        let master = emulator.client(credentials: .masterKey)
        let basic = "Basic " + Data("\(emulator.app.appId):\(emulator.app.appKey)".utf8).base64EncodedString()
        func token(_ form: String) throws -> TestClient.Response {
            try client.send("POST", "/oauth/access_token", body: Array(form.utf8), headers: [
                "Authorization": basic, "Content-Type": "application/x-www-form-urlencoded",
            ])
        }
        func fetch(_ bearer: String) throws -> TestClient.Response {
            try client.get(Self.privatePost, headers: ["Authorization": "Bearer \(bearer)"])
        }

        let grant = try token("grant_type=password&username=testuser&password=lcemu-test-password")
        #expect(grant.status == 200)
        #expect(grant.json?["token_type"] == "bearer")
        #expect(grant.json?["expires_in"] == 3600)
        let access = try #require(grant.json?["access_token"]?.stringValue)
        let refresh = try #require(grant.json?["refresh_token"]?.stringValue)
        #expect(try fetch(access).json?["objectId"] == "65a1f0c0e4b0a1d2c3f50028")

        #expect(try master.post("/__admin/clock", json: ["advance": "61m"]).status == 200)
        let expired = try fetch(access)
        #expect(expired.status == 401)
        #expect(expired.headers["WWW-Authenticate"] == #"Bearer error="invalid_token""#)
        #expect(expired.json?["code"] == 401)

        let renewed = try token("grant_type=refresh_token&refresh_token=\(refresh)")
        #expect(renewed.status == 200)
        let newAccess = try #require(renewed.json?["access_token"]?.stringValue)
        #expect(try fetch(newAccess).status == 200)
        #expect(try token("grant_type=refresh_token&refresh_token=\(refresh)").json?["error"] == "invalid_grant")
    }
}
