import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// The password grant shares the log-in lockout of `/1.1/login` (spec §5.4: more than 6 failures
/// in 15 minutes lock the account until 15 minutes after the last one, even for the right password).
@Suite struct OAuthLockoutTests {
    static let window: Int64 = 15 * 60 * 1000
    static let locked: JSON = ["error": "invalid_grant", "error_description": "Tried too many times to signin."]

    private func failGrants(_ fixture: OAuthFixture, times: Int) throws {
        for _ in 0..<times {
            let response = try fixture.passwordGrant("testuser", "wrong")
            #expect(response.json?["error_description"] == "The username or password is wrong.")
        }
    }

    /// `/1.1/login` with the app key.
    private func restLogIn(_ fixture: OAuthFixture, _ password: String) throws -> TestClient.Response {
        try fixture.emulator.inProcessClient().post("/1.1/login", json: ["username": "testuser", "password": .string(password)])
    }

    @Test func sevenWrongPasswords_lockTheGrant_untilFifteenMinutesAfterTheLast() throws {
        let fixture = try OAuthFixture()
        let clock = try fixture.app.clock
        clock.set(milliseconds: 1_700_000_000_000)  // pinned: the window is crossed to the millisecond
        try failGrants(fixture, times: 6)
        clock.advance(milliseconds: 60_000)
        try failGrants(fixture, times: 1)
        let refused = try fixture.passwordGrant()
        #expect(refused.status == 400)
        #expect(refused.json == Self.locked)
        clock.advance(milliseconds: Self.window - 1)
        #expect(try fixture.passwordGrant().json == Self.locked)
        clock.advance(milliseconds: 1)
        #expect(try fixture.passwordGrant().status == 200)
    }

    @Test func failuresOfRestLogIn_lockTheGrant() throws {
        let fixture = try OAuthFixture()
        for _ in 0..<7 { #expect(try restLogIn(fixture, "wrong").json?["code"] == 210) }
        #expect(try fixture.passwordGrant().json == Self.locked)
    }

    @Test func failuresOfTheGrant_lockRestLogIn() throws {
        let fixture = try OAuthFixture()
        try failGrants(fixture, times: 7)
        #expect(try restLogIn(fixture, "lcemu-test-password").json == ["code": 219, "error": "Tried too many times to signin."])
    }

    @Test func aRightPassword_clearsTheFailures() throws {
        let fixture = try OAuthFixture()
        try failGrants(fixture, times: 6)
        #expect(try fixture.passwordGrant().status == 200)
        try failGrants(fixture, times: 6)
        #expect(try fixture.passwordGrant().status == 200)
    }

    @Test func aLockedAttempt_isNotCounted() throws {
        let fixture = try OAuthFixture()
        let clock = try fixture.app.clock
        clock.set(milliseconds: 1_700_000_000_000)  // pinned: the window is crossed to the millisecond
        try failGrants(fixture, times: 7)
        clock.advance(milliseconds: Self.window - 1)
        // Refused before any hash: it neither counts nor extends the lock.
        #expect(try fixture.passwordGrant("testuser", "wrong").json == Self.locked)
        clock.advance(milliseconds: 1)
        #expect(try fixture.passwordGrant().status == 200)
    }

    @Test func aLockedAccount_stillRefreshesItsTokens() throws {
        let fixture = try OAuthFixture()
        let refresh = try #require(try fixture.passwordGrant().json?["refresh_token"]?.stringValue)
        try failGrants(fixture, times: 7)
        // The lock guards passwords (219); a refresh token already proves the earlier log-in.
        let refreshed = try fixture.token([("grant_type", "refresh_token"), ("refresh_token", refresh)])
        #expect(refreshed.status == 200)
    }
}
