import EmuTestSupport
import EmuData
import EmuHTTP
import Foundation
import LCWire
import Testing

/// examples/apps/huaban-oauth as the Huaban client uses it (REQUESTS.md): one base URL for the
/// OAuth grants and the data API, form bodies, `Authorization: Bearer` on every data call, and
/// the `catch:` of every data call — 401 + `WWW-Authenticate: Bearer error="invalid_token"` →
/// refresh grant → the same request again. Models are filled by KVC, so an answer carries only
/// the model's snake-case keys, and `pin_id` is an integer (`%d` in the comment path).
@Suite struct HuabanOAuthAppTests {
    static let app = AppConfiguration(appId: "huaban-oauth-dev", appKey: "huaban-oauth-dev-secret",
                                      masterKey: "huaban-oauth-dev-master")
    static let basic = "Basic " + Data("huaban-oauth-dev:huaban-oauth-dev-secret".utf8).base64EncodedString()
    static let pinKeys: Set<String> = ["pin_id", "user_id", "board_id", "raw_text", "link", "like_count", "comment_count",
                                       "file", "content", "created_at"]

    enum ClientCredentials { case basic, body, both }

    /// `POST /oauth/access_token`, a form, with the client credentials sent as `how` says.
    static func grant(_ server: TestServer, _ fields: [String: String], _ how: ClientCredentials = .basic) throws -> TestClient.Response {
        var fields = fields
        var headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        if how != .body { headers.add("Authorization", basic) }
        if how != .basic {
            fields["client_id"] = "huaban-oauth-dev"
            fields["client_secret"] = "huaban-oauth-dev-secret"
        }
        return try server.client(credentials: .none).send("POST", "/oauth/access_token", body: ExampleApp.form(fields), headers: headers)
    }

    /// HBPAccessToken: the four RFC 6749 fields, typed.
    static func token(_ response: TestClient.Response) -> (access: String, refresh: String)? {
        guard response.status == 200, let json = response.json, json["token_type"] == "bearer", ExampleApp.isInteger(json["expires_in"]),
              let access = json["access_token"]?.stringValue, let refresh = json["refresh_token"]?.stringValue else { return nil }
        return (access, refresh)
    }

    static func logIn(_ server: TestServer, _ how: ClientCredentials = .basic) throws -> (access: String, refresh: String)? {
        token(try grant(server, ["grant_type": "password", "password": "lcemu-test-password", "username": "testuser"], how))
    }

    /// A data call with the Bearer token (and a form body for POST).
    static func call(_ server: TestServer, _ method: String, _ path: String, token: String, form: [String: String]? = nil) throws -> TestClient.Response {
        var headers: HTTPHeaders = ["Authorization": "Bearer \(token)"]
        if form != nil { headers.add("Content-Type", "application/x-www-form-urlencoded") }
        return try server.client(credentials: .none).send(method, path, body: form.map(ExampleApp.form) ?? [], headers: headers)
    }

    /// What the client maps to HBPAPIManagerErrorInvalidAccessToken.
    static func isInvalidToken(_ response: TestClient.Response) -> Bool {
        response.status == 401 && response.headers["WWW-Authenticate"]?.contains(#"error="invalid_token""#) == true
    }

    @Test func logIn_everyWayOfSendingTheClientCredentials_andItsErrorBranch() async throws {
        let server = try await ExampleApp.serve("huaban-oauth")
        for how in [ClientCredentials.basic, .body, .both] {
            #expect(try Self.logIn(server, how) != nil, "\(how)")
        }
        let wrong = try Self.grant(server, ["grant_type": "password", "password": "wrong", "username": "testuser"])
        #expect(wrong.status == 400 && wrong.json?["error"] == "invalid_grant", "\(wrong.text)")
        var badClient: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        badClient.add("Authorization", "Basic " + Data("huaban-oauth-dev:nope".utf8).base64EncodedString())
        let refused = try server.client(credentials: .none).send(
            "POST", "/oauth/access_token", body: ExampleApp.form(["grant_type": "password", "password": "lcemu-test-password", "username": "testuser"]),
            headers: badClient)
        #expect(refused.status == 401 && refused.json?["error"] == "invalid_client", "\(refused.text)")
        // The timeout branch is the client's own (10 s); the grant takes a delay fault like any route.
        let admin = server.client(app: Self.app, credentials: .masterKey)
        #expect(try admin.post("/__admin/faults", json: ["path": "/oauth/access_token", "method": "POST", "delayMs": 20]).status == 200)
        #expect(try Self.logIn(server) != nil)
        #expect(try admin.get("/__admin/faults").json?["results"]?.arrayValue?.isEmpty == true)
    }

    @Test func theDataAPI_usersMe_pins_andAComment() async throws {
        let server = try await ExampleApp.serve("huaban-oauth")
        let token = try #require(try Self.logIn(server)).access

        // fetchUserInfo, right after log-in: the user at the top level, user_id an integer.
        let me = try Self.call(server, "GET", "/users/me", token: token)
        #expect(me.status == 200 && me.json?["user_id"] == 1 && ExampleApp.isInteger(me.json?["user_id"]), "\(me.text)")
        #expect(me.json?["username"] == "testuser" && me.json?["urlname"] == "testuser" && me.json?["avatar"]?["key"] == "avatar-1")
        #expect(ExampleApp.writesIntegers(me.text, key: "user_id") && me.json?["password"] == nil && me.json?["authData"] == nil)
        // A forged token: 401 with the header the client's catch: reads.
        #expect(Self.isInvalidToken(try Self.call(server, "GET", "/users/me", token: "forged")))

        // Pins: {"pins":[…]}, integer ids, only the model's keys.
        let pins = try Self.call(server, "GET", "/pins", token: token)
        let list = try #require(pins.json?["pins"]?.arrayValue, "\(pins.status) \(pins.text)")
        #expect(list.compactMap { $0["pin_id"]?.intValue } == [1003, 1002, 1001])
        for pin in list {
            let keys = Set(pin.objectValue?.keys ?? [])
            #expect(keys.isSubset(of: Self.pinKeys), "\(pin)")
            for key in ["pin_id", "user_id", "board_id", "like_count", "comment_count"] { #expect(ExampleApp.isInteger(pin[key]), "\(key) in \(pin)") }
            #expect(pin["raw_text"]?.stringValue != nil && pin["file"]?["key"]?.stringValue != nil && pin["created_at"]?.stringValue != nil)
        }
        #expect(ExampleApp.writesIntegers(pins.text, key: "pin_id"))
        #expect(Self.isInvalidToken(try Self.call(server, "GET", "/pins", token: "forged")))

        // createCommentWithPinID:text: — `%d` of the pin id, a form of `text`.
        let pinId = try #require(list.last?["pin_id"]?.intValue)
        let before = try #require(list.last?["comment_count"]?.intValue)
        let created = try Self.call(server, "POST", "/pins/\(pinId)/comments", token: token, form: ["text": "Where is this?"])
        let comment = try #require(created.json?["comment"], "\(created.status) \(created.text)")
        #expect(created.status == 200)
        #expect(ExampleApp.isInteger(comment["comment_id"]) && comment["comment_id"] == 2, "\(created.text)")
        #expect(comment["user_id"] == 1 && ExampleApp.isInteger(comment["user_id"]) && comment["pin_id"] == .number(Double(pinId)))
        #expect(comment["text"] == "Where is this?" && comment["created_at"]?.stringValue != nil)
        #expect(comment["user"]?["user_id"] == 1 && comment["user"]?["username"] == "testuser")
        // The pin's comment_count follows.
        let after = try Self.call(server, "GET", "/pins", token: token).json?["pins"]?.arrayValue?.first { $0["pin_id"]?.intValue == pinId }
        #expect(after?["comment_count"]?.intValue == before + 1)
        // An unknown pin: a non-2xx (the error branch), nothing stored.
        let unknown = try Self.call(server, "POST", "/pins/999999/comments", token: token, form: ["text": "Hello?"])
        #expect(unknown.status == 404, "\(unknown.text)")
        #expect(Self.isInvalidToken(try Self.call(server, "POST", "/pins/\(pinId)/comments", token: "forged", form: ["text": "x"])))
    }

    /// The catch: of every data call, run by the emulator clock: the token expires, the call
    /// answers 401, the refresh grant gives a new token, the same call succeeds; the used refresh
    /// token is then refused.
    @Test func anExpiredToken_401_refresh_retry() async throws {
        let server = try await ExampleApp.serve("huaban-oauth")
        let admin = server.client(app: Self.app, credentials: .masterKey)
        let first = try #require(try Self.logIn(server))
        #expect(try Self.call(server, "GET", "/users/me", token: first.access).status == 200)
        #expect(try admin.post("/__admin/clock", json: ["advance": "61m"]).status == 200)

        for (method, path, form) in [("GET", "/users/me", nil), ("GET", "/pins", nil), ("POST", "/pins/1002/comments", ["text": "retry"])] as [(String, String, [String: String]?)] {
            let expired = try Self.call(server, method, path, token: first.access, form: form)
            #expect(Self.isInvalidToken(expired), "\(path): \(expired.status) \(expired.text)")
        }
        let refreshed = try #require(Self.token(try Self.grant(server, ["grant_type": "refresh_token", "refresh_token": first.refresh])))
        #expect(refreshed.access != first.access)
        #expect(try Self.call(server, "GET", "/users/me", token: refreshed.access).json?["user_id"] == 1)
        #expect(try Self.call(server, "GET", "/pins", token: refreshed.access).json?["pins"]?.arrayValue?.count == 3)
        let retried = try Self.call(server, "POST", "/pins/1002/comments", token: refreshed.access, form: ["text": "retry"])
        #expect(retried.status == 200 && retried.json?["comment"]?["text"] == "retry", "\(retried.text)")
        // The expired call did not store its comment: only the retry did.
        let stored = try admin.get("/1.1/classes/Comment?where=%7B%22text%22%3A%22retry%22%7D&count=1&limit=0")
        #expect(stored.json?["count"] == 1, "\(stored.text)")

        let reused = try Self.grant(server, ["grant_type": "refresh_token", "refresh_token": first.refresh])
        #expect(reused.status == 400 && reused.json?["error"] == "invalid_grant", "\(reused.text)")
    }
}
