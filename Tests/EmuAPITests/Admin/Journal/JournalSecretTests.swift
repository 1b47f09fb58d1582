@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
import EmuHTTP
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import Foundation
import LCWire
import Testing

/// The journal masks by one rule every place a secret travels (docs/testing.md, "The request
/// journal"): each row of `SecretCase.all` is sent, and its value must appear nowhere in
/// `GET /__admin/requests`, nor in the debug access line.
@Suite struct JournalSecretTests {
    let emulator: TestServer
    let admin: TestClient

    init() throws {
        emulator = try TestServer.start(seeded: true) { $0.apps[0].options.messages.captchaFixedCode = "7319" }
        admin = emulator.inProcessClient(credentials: .masterKey)
    }

    private func journalText() throws -> String { try admin.get("/__admin/requests?limit=1000").text }

    @Test(arguments: SecretCase.all)
    func aSecretSent_isNeverShown(secret: SecretCase) throws {
        let request = secret.request()
        let credentials: TestClient.Credentials = secret.place == .header || secret.place == .envelope ? .none : .appKey
        let sent = try emulator.inProcessClient(credentials: credentials)
            .send(request.method, request.target, body: request.body, headers: request.headers)
        let journal = try journalText()
        #expect(journal.contains(Redaction.mask))
        #expect(!journal.contains(secret.value))
        let http = HTTPRequest(method: request.method, target: request.target,
                               path: String(request.target.prefix { $0 != "?" }), headers: request.headers)
        let line = AccessLog.line(requestId: "1", request: http, response: HTTPResponse(status: sent.status), nanoseconds: 0)
        #expect(!line.contains(secret.value))
    }

    /// The issue's envelope: the master key in `_ApplicationKey` as `<master>,master`.
    @Test func theEnvelopesMasterKey_isMasked() throws {
        let master = emulator.app.masterKey
        let body: JSON = ["_method": "GET", "_ApplicationId": .string(emulator.app.appId), "_ApplicationKey": .string("\(master),master")]
        let answered = try emulator.inProcessClient(credentials: .none).send("POST", "/1.1/classes/Post", body: Array(body.jsonString.utf8),
                                                                              headers: ["Content-Type": "text/plain"])
        #expect(answered.status == 200)
        let entries = try #require(try admin.get("/__admin/requests?path=/1.1/classes/Post").json?["results"]?[0])
        #expect(!entries.jsonString.contains(master))
    }

    /// Secrets the server hands out: session tokens, upload tokens and URLs, captcha tokens and
    /// URLs, validate tokens, OAuth tokens, the dashboard's master key. `token_type` stays readable.
    @Test func secretsInResponses_areMasked_andTheirNeighboursAreNot() throws {
        let client = emulator.inProcessClient()
        var handedOut: [String] = []
        let login = try client.post("/1.1/login", json: ["username": "testuser", "password": "lcemu-test-password"])
        handedOut.append(try #require(login.json?["sessionToken"]?.stringValue))
        let file = try #require(try client.post("/1.1/fileTokens", json: ["name": "a.txt"]).json)
        handedOut.append(try #require(file["token"]?.stringValue))
        handedOut.append(try #require(file["upload_url"]?.stringValue.map { String($0.split(separator: "/").last ?? "") }))
        let captcha = try #require(try client.get("/1.1/requestCaptcha").json)
        handedOut.append(try #require(captcha["captcha_token"]?.stringValue))
        let verified = try client.post("/1.1/verifyCaptcha", json: ["captcha_token": captcha["captcha_token"] ?? .null, "captcha_code": "7319"])
        handedOut.append(try #require(verified.json?["validate_token"]?.stringValue))
        let link = try #require(emulator.emulator.app(emulator.app.appId)).dashboardLinks.mint()
        let dashboard = try emulator.inProcessClient(credentials: .headers(["X-LC-Id": emulator.app.appId]))
            .post("/__admin/ui-login", json: ["token": .string(link)])
        #expect(dashboard.json?["masterKey"]?.stringValue == emulator.app.masterKey)
        handedOut += [link, emulator.app.masterKey]
        let basic = "Basic " + Data("\(emulator.app.appId):\(emulator.app.appKey)".utf8).base64EncodedString()
        let grant = try emulator.inProcessClient(credentials: .none).send(
            "POST", "/oauth/access_token", body: Array("grant_type=password&username=testuser&password=lcemu-test-password".utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Authorization": basic])
        let tokens = try #require(grant.json)
        handedOut += [tokens["access_token"]?.stringValue, tokens["refresh_token"]?.stringValue].compactMap { $0 }
        #expect(handedOut.count == 9)
        let journal = try journalText()
        for secret in handedOut { #expect(!journal.contains(secret), "\(secret) is in the journal") }
        #expect(journal.contains(#"\"token_type\":\"bearer\""#))
        #expect(journal.contains(#"\"key\":\""#))
        #expect(journal.contains(#"\"username\":\"testuser\""#))
    }

    /// `code` is a secret in one request body only: the web log-in's two-factor step.
    @Test func theTwoFactorCode_isMasked_butErrorCodesAreNot() throws {
        _ = try emulator.inProcessClient(credentials: .none).send(
            "POST", "/api/check_two_factor_auth_code", body: Array("code=s3cr3t2fa".utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        let journal = try journalText()
        #expect(!journal.contains("s3cr3t2fa"))
        #expect(journal.contains(#"\"code\":"#))
    }

    @Test func theRule_masksSecretsOnly() {
        for name in ["password", "X-LC-Key", "x-lc-sign", "sessionToken", "session_token", "smsCode", "_ApplicationKey",
                     "Set-Cookie", "validate_tokens", "X-Api-Key"] {
            #expect(SecretNames.isSecret(name), "\(name)")
        }
        for name in ["token_type", "key", "keys", "code", "username", "X-LC-Id", "X-LC-Prod", "Content-Type", "scan_key",
                     "monkey", "design", "expires_in", "mobilePhoneNumber"] {
            #expect(!SecretNames.isSecret(name), "\(name)")
        }
        #expect(SecretNames.isSecret("code", inBodyOf: "/api/check_two_factor_auth_code"))
        for path in ["//api/check_two_factor_auth_code", "/api/check_two_factor_auth_code/", "//1.1//changePhoneNumber//"] {
            #expect(SecretNames.isSecret("code", inBodyOf: path), "\(path)")
        }
        for path in ["/1.1/classes/Post", "/1.1/requestChangePhoneNumber", "/api/login", "/1.1/batch", "/"] {
            #expect(!SecretNames.isSecret("code", inBodyOf: path), "\(path)")
        }
    }

    /// Path secrets are found in every spelling batch accepts; data that only looks alike is not masked.
    @Test func theTextRule_masksPathSecretsWithOrWithoutPrefix_andNothingElse() {
        for text in ["verifySmsCode/123456", "1.1/verifySmsCode/123456", "/verifyMobilePhone//123456",
                     #"{"path":"resetPasswordBySmsCode/123456"}"#, "verifySm%73Code/123456", "__files/upload/app/123456"] {
            #expect(!SecretText.masked(text).contains("123456"), "\(text)")
        }
        for text in ["/1.1/classes/Post/123456", "code=123456", "verifySmsCode", "/1.1/requestSmsCode", "100% done/123456"] {
            #expect(SecretText.masked(text) == text, "\(text)")
        }
        #expect(SecretText.masked("?session_token=abc%26def&x=1") == "?session_token=\(Redaction.mask)&x=1")
    }
}
