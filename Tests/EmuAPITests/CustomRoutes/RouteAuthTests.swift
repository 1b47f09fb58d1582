import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuTesting
import LCWire
import Testing

/// Routes that know who is logged in (docs/custom-backends.md): `auth` with the built-in OAuth
/// Bearer, the `/api` cookie session or a LeanCloud session token, checked as their flows check
/// them — a forged, expired or revoked credential gets the route's not-logged-in answer.
@Suite struct RouteAuthTests {
    static func meRoute(_ require: JSON, path: String = "/users/me", extra: JSONObject = JSONObject()) -> JSON {
        var route: JSONObject = [
            "id": "me", "auth": ["require": require], "request": ["method": "GET", "path": .string(path)],
            "response": ["json": ["user_id": "{{caller.user_id}}", "username": "{{caller.username}}", "hello": "hi {{caller.username}}"]],
        ]
        for (key, value) in extra { route[key] = value }
        return .object(route)
    }

    // MARK: OAuth

    @Test func oauth_answersTheCaller_andRefusesMissingForgedExpiredAndRevokedTokens() throws {
        let fixture = try OAuthFixture(live: true)
        let admin = fixture.emulator.inProcessClient(credentials: .masterKey)
        #expect(try admin.put("/1.1/users/\(TestServer.seedUserId)", json: ["user_id": 1]).status == 200)
        #expect(try admin.post("/__admin/routes", json: Self.meRoute("oauth")).status == 201)

        let missing = try fixture.client.get("/users/me")
        #expect(missing.status == 401)
        #expect(missing.json == ["error": "invalid_token", "error_description": "The access token is missing, expired or revoked."])
        #expect(missing.headers["WWW-Authenticate"] == "Bearer")

        let forged = try fixture.get("/users/me", bearer: "forged")
        #expect(forged.status == 401)
        #expect(forged.headers["WWW-Authenticate"] == #"Bearer error="invalid_token""#)

        let grant = try #require(try fixture.passwordGrant().json)
        let access = try #require(grant["access_token"]?.stringValue)
        let me = try fixture.get("/users/me", bearer: access)
        #expect(me.status == 200)
        #expect(me.text == #"{"user_id":1,"username":"testuser","hello":"hi testuser"}"#)

        // Revoked: a refresh rotates the tokens, the old access token dies with its refresh token.
        let refreshed = try fixture.token([("grant_type", "refresh_token"), ("refresh_token", grant["refresh_token"]?.stringValue ?? "")])
        let renewed = try #require(refreshed.json?["access_token"]?.stringValue)
        #expect(try fixture.get("/users/me", bearer: access).status == 401)
        #expect(try fixture.get("/users/me", bearer: renewed).status == 200)

        // Expired, by the app's clock.
        try fixture.app.clock.advance(milliseconds: 3_600_000)
        #expect(try fixture.get("/users/me", bearer: renewed).status == 401)
    }

    @Test func aRefusal_isTheRoutesAnswer_inTheJournal() throws {
        let fixture = try OAuthFixture()
        let admin = fixture.emulator.inProcessClient(credentials: .masterKey)
        _ = try admin.post("/__admin/routes", json: Self.meRoute("oauth"))
        #expect(try fixture.client.get("/users/me").status == 401)
        let recorded = try admin.get("/__admin/requests?route=me").json?["results"]?.arrayValue ?? []
        #expect(recorded.count == 1)
        #expect(recorded.first?["status"] == 401)
    }

    // MARK: The /api cookie session

    @Test func webSession_answersTheLoggedInUser_andTheNotLoggedInEnvelopeOtherwise() throws {
        var fixture = try WebLoginFixture()
        let admin = fixture.emulator.inProcessClient(credentials: .masterKey)
        #expect(try admin.post("/__admin/routes", json: Self.meRoute("webSession", path: "/api/me")).status == 201)
        let notLoggedIn: JSON = ["code": 1000, "msg": ["user_not_login": "The user is not logged in."]]

        _ = try fixture.browser.get("/api/captcha/login")
        // A session, but not logged in: no caller.
        let anonymous = try fixture.browser.get("/api/me")
        #expect(anonymous.status == 200)
        #expect(anonymous.json == notLoggedIn)
        let forged = try fixture.emulator.inProcessClient(credentials: .none).get("/api/me", headers: ["Cookie": "sid=forged"])
        #expect(forged.json == notLoggedIn)

        #expect(try fixture.browser.post("/api/login", form: WebLoginFixture.form()).json?["code"] == 0)
        #expect(try fixture.browser.get("/api/me").json?["username"] == "alice")

        _ = try fixture.browser.post("/api/logout")
        #expect(try fixture.browser.get("/api/me").json == notLoggedIn)
    }

    @Test func webSession_pastItsDay_isNoCaller() throws {
        var fixture = try WebLoginFixture()
        _ = try fixture.emulator.inProcessClient(credentials: .masterKey).post("/__admin/routes", json: Self.meRoute("webSession", path: "/api/me"))
        _ = try fixture.browser.get("/api/captcha/login")
        _ = try fixture.browser.post("/api/login", form: WebLoginFixture.form())
        #expect(try fixture.browser.get("/api/me").json?["username"] == "alice")
        try fixture.app.clock.advance(milliseconds: 24 * 3_600_000 + 1)
        #expect(try fixture.browser.get("/api/me").json?["code"] == 1000)
    }

    // MARK: LeanCloud sessions

    @Test func lcSession_answersTheSessionsUser_withItsOwnToken() throws {
        let emulator = try TestServer.start(seeded: true)
        let admin = emulator.inProcessClient(credentials: .masterKey)
        let route: JSON = ["id": "profile", "auth": ["require": "lcSession"], "request": ["path": "/profile"],
                           "response": ["json": ["name": "{{caller.username}}", "token": "{{caller.sessionToken}}", "me": "{{caller}}"]]]
        #expect(try admin.post("/__admin/routes", json: route).status == 201)
        let device = emulator.inProcessClient(credentials: .none)
        let refused = try device.get("/profile", headers: ["X-LC-Session": "forged"])
        #expect(refused.status == 401)
        #expect(refused.json == ["code": 211, "error": "Could not find user."])
        #expect(try device.get("/profile").status == 401)

        let token = try emulator.sessionToken(forUser: TestServer.seedUserId)
        let answer = try device.get("/profile", headers: ["X-LC-Session": token])
        #expect(answer.status == 200)
        #expect(answer.json?["name"] == "testuser")
        #expect(answer.json?["token"] == .string(token))
        // The whole caller: its fields, never a password or authData.
        let me = try #require(answer.json?["me"]?.objectValue)
        #expect(me["objectId"] == .string(TestServer.seedUserId))
        #expect(me["password"] == nil && me["authData"] == nil)

        // Revoked: a refreshed session token ends the old one.
        #expect(try emulator.inProcessClient(asUser: TestServer.seedUserId).put(
            "/1.1/users/\(TestServer.seedUserId)/refreshSessionToken", json: [:]).status == 200)
        #expect(try device.get("/profile", headers: ["X-LC-Session": token]).status == 401)
    }

    // MARK: Options

    @Test func aCustomUnauthorizedEnvelope_optional_andSeveralKinds() throws {
        let emulator = try TestServer.start(seeded: true)
        let admin = emulator.inProcessClient(credentials: .masterKey)
        let custom: JSON = ["id": "custom", "request": ["path": "/c/:x"],
                            "auth": ["require": ["oauth", "lcSession"],
                                     "unauthorized": ["status": 403, "json": ["code": "1", "msg": "login {{request.path.x}}"]]],
                            "response": ["json": ["code": "0", "who": "{{caller.username}}"]]]
        #expect(try admin.post("/__admin/routes", json: custom).status == 201)
        let optional: JSON = ["id": "optional", "request": ["path": "/o"], "auth": ["require": "lcSession", "optional": true],
                              "response": ["json": ["who": "{{caller.username}}", "caller": "{{caller}}"]]]
        #expect(try admin.post("/__admin/routes", json: optional).status == 201)
        let device = emulator.inProcessClient(credentials: .none)
        let refused = try device.get("/c/now")
        #expect(refused.status == 403)
        #expect(refused.json == ["code": "1", "msg": "login now"])
        let token = try emulator.sessionToken(forUser: TestServer.seedUserId)
        #expect(try device.get("/c/now", headers: ["X-LC-Session": token]).json?["who"] == "testuser")
        #expect(try device.get("/o").json == ["who": nil, "caller": nil])
        #expect(try device.get("/o", headers: ["X-LC-Session": token]).json?["who"] == "testuser")
    }

    // MARK: Refused at load

    @Test(arguments: [
        (literal(["id": "r", "auth": ["require": "cookie"], "request": ["path": "/r"]]), "auth.require: 'cookie' is not a kind of log-in"),
        (literal(["id": "r", "request": ["path": "/r"], "response": ["json": ["u": "{{caller.user_id}}"]]]),
         #"response.json.u: {{caller.user_id}} needs "auth" (the route knows no caller)"#),
        (literal(["id": "r", "auth": ["require": "oauth", "unauthorized": ["bodyFile": "x.json"]], "request": ["path": "/r"]]),
         "auth.unauthorized.bodyFile: unknown field"),
        (literal(["id": "r", "auth": ["require": "oauth", "optional": "yes"], "request": ["path": "/r"]]), "auth.optional: expected true or false"),
    ])
    func aBadAuth_isRefused_namingRouteAndField(route: JSON, message: String) throws {
        let emulator = try TestServer.start()
        let refused = try emulator.inProcessClient(credentials: .masterKey).post("/__admin/routes", json: route)
        #expect(refused.status == 400)
        let error = refused.json?["error"]?.stringValue ?? ""
        #expect(error.contains("route 'r': \(message)"), "\(error)")
    }
}

/// A JSON literal where the type is not inferred (test arguments).
private func literal(_ value: JSON) -> JSON { value }
