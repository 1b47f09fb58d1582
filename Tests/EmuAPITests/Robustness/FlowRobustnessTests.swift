import EmuHTTP
import EmuTesting
import Foundation
import LCWire
import Testing

/// Junk sent in the middle of real flows, past the first checks: with a live upload token, a
/// real captcha, valid OAuth client credentials, a web session cookie, the user's own session.
/// None may crash or answer 500.
@Suite struct FlowRobustnessTests {
    static let junkValues: [JSON] = BadInput.wrongValues.map(\.value) + ["../../etc/passwd", "a/b/../../c", "%00", "\u{202E}x", "CON"]

    @Test func fileFlows_withJunk_neverGet500() throws {
        let fixture = try RobustnessFixture()
        let files = RouteSample(method: "POST", pattern: "/1.1/files")
        let tokens = RouteSample(method: "POST", pattern: "/1.1/fileTokens")
        for (name, client) in fixture.deepClients {
            for junk in Self.junkValues {
                for field in ["name", "base64", "mime_type", "metaData", "key", "url", "keep_file_name", "size"] {
                    var body: JSONObject = ["name": "a.txt", "base64": "aGk=", "mime_type": "text/plain"]
                    body[field] = junk
                    ResponseShape.check(try client.post("/1.1/files", json: .object(body)), files, "\(name) \(field)")
                    ResponseShape.check(try client.post("/1.1/fileTokens", json: .object(body)), tokens, "\(name) \(field)")
                }
                ResponseShape.check(try client.post("/1.1/fileCallback", json: ["token": junk, "result": junk]),
                                    RouteSample(method: "POST", pattern: "/1.1/fileCallback"), "\(name)")
            }
        }
        let master = fixture.clients[1].client
        let token = try master.post("/1.1/fileTokens", json: ["name": "u.bin"]).json
        let upload = try #require(token?["upload_url"]?.stringValue)
        let path = String(upload[try #require(upload.range(of: "/__files")).lowerBound...])
        let put = try fixture.emulator.inProcessClient(credentials: .none).send("PUT", path, body: [0, 0xFF, 0xFE],
                                                                             headers: ["Content-Type": "\u{7F}/\u{1}"])
        ResponseShape.check(put, RouteSample(method: "PUT", pattern: "/__files/upload/:appId/:token"), "odd type")
        for result: JSON in [true, false, "yes", 5, .null] {
            let callback = try master.post("/1.1/fileCallback", json: ["token": token?["token"] ?? .null, "result": result])
            ResponseShape.check(callback, RouteSample(method: "POST", pattern: "/1.1/fileCallback"), "result \(result)")
        }
        #expect(try fixture.stillAnswers())
    }

    @Test func captchaAndSMS_withJunk_neverGet500() throws {
        let fixture = try RobustnessFixture()
        let client = fixture.clients[0].client
        let captcha = try client.get("/1.1/requestCaptcha").json
        let token = captcha?["captcha_token"] ?? "none"
        let verify = RouteSample(method: "POST", pattern: "/1.1/verifyCaptcha")
        let sms = RouteSample(method: "POST", pattern: "/1.1/requestSmsCode")
        for junk in Self.junkValues {
            ResponseShape.check(try client.post("/1.1/verifyCaptcha", json: ["captcha_token": token, "captcha_code": junk]), verify, "code")
            for field in ["mobilePhoneNumber", "template", "sign", "ttl", "validate_token", "smsType", "name", "op"] {
                var body: JSONObject = ["mobilePhoneNumber": "+8618200000001"]
                body[field] = junk
                ResponseShape.check(try client.post("/1.1/requestSmsCode", json: .object(body)), sms, field)
            }
            ResponseShape.check(try client.post("/1.1/verifySmsCode/123456", json: ["mobilePhoneNumber": junk]),
                                RouteSample(method: "POST", pattern: "/1.1/verifySmsCode/:code"), "phone")
        }
        for query in ["width=-1", "height=99999999999", "size=0", "ttl=abc", "width=1e3", "ttl=-5&height=1"] {
            ResponseShape.check(try client.get("/1.1/requestCaptcha?" + query), RouteSample(method: "GET", pattern: "/1.1/requestCaptcha"), query)
        }
        #expect(try fixture.stillAnswers())
    }

    @Test func ownSession_withJunk_neverGet500() throws {
        let fixture = try RobustnessFixture()
        let session = fixture.clients[2].client
        let id = fixture.userId
        let routes = [("PUT", "/1.1/users/\(id)/updatePassword", "/1.1/users/:objectId/updatePassword"),
                      ("PUT", "/1.1/users/\(id)", "/1.1/users/:objectId"),
                      ("POST", "/1.1/requestEmailVerify", "/1.1/requestEmailVerify"),
                      ("POST", "/1.1/requestPasswordReset", "/1.1/requestPasswordReset"),
                      ("POST", "/1.1/requestChangePhoneNumber", "/1.1/requestChangePhoneNumber"),
                      ("POST", "/1.1/changePhoneNumber", "/1.1/changePhoneNumber"), ("POST", "/1.1/login", "/1.1/login")]
        for junk in Self.junkValues {
            for (method, path, pattern) in routes {
                let body = JSON.object(["old_password": junk, "new_password": junk, "email": junk, "username": junk,
                                        "password": junk, "mobilePhoneNumber": junk, "code": junk, "ttl": junk])
                let response = try session.send(method, path, body: body.serialized())
                ResponseShape.check(response, RouteSample(method: method, pattern: pattern), "own session")
            }
        }
        let refresh = try session.send("PUT", "/1.1/users/\(id)/refreshSessionToken", body: [])
        ResponseShape.check(refresh, RouteSample(method: "PUT", pattern: "/1.1/users/:objectId/refreshSessionToken"), "refresh")
        #expect(try fixture.stillAnswers())
    }

    static let forms = [
        "grant_type=password&username=%00&password=%FF", "grant_type=password&username=robust&password=" + String(repeating: "p", count: 100_000),
        "grant_type=refresh_token&refresh_token=%00", "grant_type=refresh_token&refresh_token=" + String(repeating: "r", count: 10_000),
        "grant_type=%FF%FE", "grant_type=password&grant_type=refresh_token", "email=robust&password=x&j_captcha=%00&remember=maybe",
        "email=%00&password=&two_factor_auth_code=x", "email=" + String(repeating: "e", count: 50_000) + "&password=p", "code=1e999&token=[]",
    ]

    @Test func oauthAndWebLogin_withValidCredentials_andJunkForms_neverGet500() throws {
        let fixture = try RobustnessFixture()
        let app = fixture.emulator.app
        let basic = "Basic " + Data("\(app.appId):\(app.appKey)".utf8).base64EncodedString()
        let web = fixture.emulator.inProcessClient(credentials: .none)
        let first = try web.get("/api/captcha/login", headers: ["X-LC-Id": app.appId])
        let cookies = first.headers.values(for: "Set-Cookie").map { $0.split(separator: ";")[0] }.joined(separator: "; ")
        let xsrf = cookies.split(separator: ";").first { $0.contains("XSRF-TOKEN=") }.map { String($0.split(separator: "=").last ?? "") } ?? ""
        for form in Self.forms {
            let headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded", "Authorization": basic,
                                        "Cookie": cookies, "X-XSRF-TOKEN": xsrf, "X-LC-Id": app.appId]
            for sample in RouteSample.all where sample.family == .oauth || (sample.family == .webLogin && sample.method == "POST") {
                let response = try web.send(sample.method, sample.pattern, body: Array(form.utf8), headers: headers)
                ResponseShape.check(response, sample, form.prefix(60).description)
            }
        }
        #expect(try fixture.stillAnswers())
    }
}
