import EmuTestSupport
import EmuData
import EmuHTTP
import Foundation
import LCWire
import Primitives
import Testing

/// examples/apps/coding-captcha as the Coding iPad client uses it (REQUESTS.md), under `/api`:
/// the shared cookie jar (`sid`, `XSRF-TOKEN`) on every request and no `X-XSRF-TOKEN` header
/// (a native client), form or multipart log-in with the SHA-1 of the password, and
/// `CODataResponse`'s reading: `code` a number first (0 = OK), then `data` as a dictionary or a
/// Pageable whose numbers are numbers.
@Suite struct CodingCaptchaAppTests {
    static let app = AppConfiguration(appId: "coding-captcha-dev", appKey: "coding-captcha-dev-key",
                                      masterKey: "coding-captcha-dev-master")
    static let notLoggedIn = #"{"code":1000,"msg":{"user_not_login":"The user is not logged in."}}"#

    /// The app's jar: cookies kept and sent, nothing a browser adds.
    static func jar(_ server: TestServer) -> TestBrowser {
        var jar = TestBrowser(server.client(credentials: .none))
        jar.echoesCSRF = false
        return jar
    }

    /// COAccountLoginRequest's fields, in its parametersMap's order.
    static func fields(password: String = "lcemu-test-password", captcha: String = "") -> [(String, String)] {
        [("email", "testuser@example.com"), ("password", SHA1.hex(password)), ("remember_me", "false"), ("j_captcha", captcha)]
    }

    /// `code` is a number and 0: CODataResponse's success test.
    static func succeeded(_ response: TestClient.Response) -> Bool {
        response.status == 200 && response.json?["code"] == .number(0)
    }

    /// A failure as CODataResponse reads it: `code` the number, `msg` an object with `key`.
    static func failed(_ response: TestClient.Response, code: Int, key: String) -> Bool {
        response.status == 200 && response.json?["code"] == .number(Double(code)) && response.json?["msg"]?[key]?.stringValue != nil
    }

    /// What the app does once a captcha is needed: `getCaptcha` with its cookies, and the answer
    /// the user reads off the picture (the outbox, for the test).
    static func solveCaptcha(_ jar: inout TestBrowser, master: TestClient) throws -> String {
        let picture = try jar.get("/api/getCaptcha")
        #expect(picture.headers["Content-Type"] == "image/png")
        let sid = try #require(jar.cookies["sid"])
        return try #require(try master.get("/__admin/outbox?token=\(sid)").json?["results"]?[0]?["code"]?.stringValue)
    }

    /// The example as shipped plus app options of the test's own (`"webLoginTwoFactor": true`):
    /// a copy in a temporary folder, so the example's defaults stay as its README says.
    static func serve(adding options: String, in directory: TemporaryDirectory) async throws -> TestServer {
        let source = URL(fileURLWithPath: ExampleApp.config("coding-captcha")).deletingLastPathComponent()
        let copy = directory.url.appendingPathComponent("coding-captcha")
        try FileManager.default.copyItem(at: source, to: copy)
        let file = copy.appendingPathComponent("lcemu.json")
        let config = try String(contentsOf: file, encoding: .utf8)
        let changed = config.replacingOccurrences(of: #""options": {"#, with: #""options": {\#(options), "#)
        try #require(changed != config)
        try changed.write(to: file, atomically: true, encoding: .utf8)
        return try await TestServer.startAsync(.binary, arguments: ["--config", file.path],
                                               environment: ["LCEMU_DATA": ":memory:"], portFrom: .environment)
    }

    @Test func firstLaunch_logIn_formAndMultipart_currentUser_andThePitfall() async throws {
        let server = try await ExampleApp.serve("coding-captcha")
        // 1. Does log-in need a captcha? The empty jar gets sid and XSRF-TOKEN.
        var jar = Self.jar(server)
        let needed = try jar.get("/api/captcha/login")
        #expect(needed.text == #"{"code":0,"data":false}"#)
        #expect(jar.cookies["sid"] != nil && jar.cookies["XSRF-TOKEN"] != nil)
        // Not logged in yet: the app's own envelope, HTTP 200.
        #expect(try jar.get("/api/current_user").text == Self.notLoggedIn)

        // 3. The form log-in, cookies only.
        let login = try jar.post("/api/login", form: Self.fields())
        #expect(Self.succeeded(login), "\(login.status) \(login.text)")
        #expect(login.json?["data"]?["username"] == "testuser" && login.json?["data"]?["objectId"]?.stringValue != nil)
        #expect(login.json?["data"]?["password"] == nil)
        // 4. COSession.
        let current = try jar.get("/api/current_user")
        #expect(Self.succeeded(current) && current.json?["data"]?["username"] == "testuser", "\(current.text)")
        #expect(current.json?["data"]?["global_key"] == "testuser")

        // The same log-in as multipart/form-data, from a fresh jar.
        var second = Self.jar(server)
        _ = try second.get("/api/captcha/login")
        let boundary = "Boundary+C0D1NG1PAD"
        var multipart = ""
        for (name, value) in Self.fields() {
            multipart += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        multipart += "--\(boundary)--\r\n"
        var headers: HTTPHeaders = ["Content-Type": "multipart/form-data; boundary=\(boundary)"]
        headers.add("Cookie", second.cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        let multipartLogin = try second.client.send("POST", "/api/login", body: Array(multipart.utf8), headers: headers)
        #expect(Self.succeeded(multipartLogin), "\(multipartLogin.text)")
        #expect(try second.get("/api/current_user").json?["data"]?["username"] == "testuser")

        // The pitfall: logging in without captcha/login first "succeeds", then nobody is logged in.
        var skipped = Self.jar(server)
        #expect(Self.succeeded(try skipped.post("/api/login", form: Self.fields())))
        #expect(try skipped.get("/api/current_user").text == Self.notLoggedIn)

        // A page in the developer's browser riding the live session without the token: 801.
        var page = Self.jar(server)
        page.cookies = jar.cookies
        page.origin = "http://evil.test"
        let forged = try page.post("/api/login", form: Self.fields())
        #expect(forged.text == #"{"code":801,"msg":{"csrf_validate_failed":"The CSRF token is missing or wrong."}}"#)
    }

    @Test func threeWrongPasswords_thenTheCaptchaBranches() async throws {
        let server = try await ExampleApp.serve("coding-captcha")
        let master = server.client(app: Self.app, credentials: .masterKey)
        var jar = Self.jar(server)
        _ = try jar.get("/api/captcha/login")
        for _ in 0..<3 {
            let failed = try jar.post("/api/login", form: Self.fields(password: "wrong"))
            #expect(failed.json?["code"] == 1 && failed.json?["msg"]?["password"] != nil, "\(failed.text)")
        }
        // After a failure the client asks again: now a captcha is needed.
        #expect(try jar.get("/api/captcha/login").text == #"{"code":0,"data":true}"#)
        // Empty j_captcha: 909 j_captcha_not_empty.
        let empty = try jar.post("/api/login", form: Self.fields())
        #expect(empty.json?["code"] == 909 && empty.json?["msg"]?["j_captcha_not_empty"] != nil, "\(empty.text)")
        // 2. The image, with the cookies; its answer from the outbox (the test's way of reading it).
        let picture = try jar.get("/api/getCaptcha")
        #expect(picture.status == 200 && picture.headers["Content-Type"] == "image/png" && picture.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let sid = try #require(jar.cookies["sid"])
        // A wrong answer: 903 j_captcha_error, and the app fetches a new image.
        let wrong = try jar.post("/api/login", form: Self.fields(captcha: "nope"))
        #expect(wrong.json?["code"] == 903 && wrong.json?["msg"]?["j_captcha_error"] != nil, "\(wrong.text)")
        _ = try jar.get("/api/getCaptcha")
        let answer = try #require(try master.get("/__admin/outbox?token=\(sid)").json?["results"]?[0]?["code"]?.stringValue)
        let login = try jar.post("/api/login", form: Self.fields(captcha: answer))
        #expect(Self.succeeded(login), "\(login.text)")
        #expect(try jar.get("/api/current_user").json?["data"]?["username"] == "testuser")
    }

    @Test func projects_arePageable_withNumbers_theCallersOnly() async throws {
        let server = try await ExampleApp.serve("coding-captcha")
        var jar = Self.jar(server)
        // Not logged in: the app's own envelope.
        #expect(try jar.get("/api/projects?page=1&pageSize=2").text == Self.notLoggedIn)
        _ = try jar.get("/api/captcha/login")
        #expect(try jar.get("/api/projects?page=1&pageSize=2").text == Self.notLoggedIn)
        #expect(Self.succeeded(try jar.post("/api/login", form: Self.fields())))

        // 5. COPageRequest: page and pageSize in the query, a Pageable out.
        let first = try jar.get("/api/projects?page=1&pageSize=2")
        #expect(Self.succeeded(first), "\(first.status) \(first.text)")
        let page = try #require(first.json?["data"])
        for key in ["page", "pageSize", "totalPage", "totalRow"] {
            #expect(ExampleApp.isInteger(page[key]), "\(key): \(first.text)")
        }
        #expect(page["page"] == 1 && page["pageSize"] == 2 && page["totalRow"] == 3 && page["totalPage"] == 2, "\(first.text)")
        let projects = try #require(page["list"]?.arrayValue)
        #expect(projects.count == 2)
        for project in projects {
            for key in ["id", "star_count", "fork_count", "created_at", "updated_at"] {
                #expect(ExampleApp.isInteger(project[key]), "\(key) in \(project)")
            }
            for key in ["name", "owner_user_name", "description", "icon"] { #expect(project[key]?.stringValue != nil, "\(key) in \(project)") }
            #expect(project["is_public"]?.boolValue != nil && project["owner_user_name"] == "testuser")
        }
        #expect(ExampleApp.writesIntegers(first.text, key: "id") && ExampleApp.writesIntegers(first.text, key: "totalPage"))
        // Newest update first: CodingForiPad (updated 2015-09-01) leads, in ms.
        #expect(projects.first?["id"] == 101 && projects.first?["updated_at"] == .number(1_441_094_400_000))

        let second = try jar.get("/api/projects?page=2&pageSize=2")
        let rest = try #require(second.json?["data"])
        #expect(rest["page"] == 2 && rest["list"]?.arrayValue?.count == 1 && rest["totalRow"] == 3, "\(second.text)")
        #expect(rest["list"]?[0]?["id"] == 103)
        // otheruser's project never shows.
        #expect(!first.text.contains("someone-else") && !second.text.contains("someone-else"))

        // Another device's jar, never logged in: the not-logged-in envelope.
        var other = Self.jar(server)
        _ = try other.get("/api/captcha/login")
        #expect(try other.get("/api/projects?page=1&pageSize=2").text == Self.notLoggedIn)
    }

    @Test func twoFactor_answers3205_thenTheCodeLogsIn() async throws {
        let directory = try TemporaryDirectory()
        let server = try await Self.serve(adding: #""webLoginTwoFactor": true"#, in: directory)
        let master = server.client(app: Self.app, credentials: .masterKey)
        var jar = Self.jar(server)
        _ = try jar.get("/api/captcha/login")
        // The right password: 3205 two_factor_auth_code_not_empty naming the user, not logged in yet.
        let login = try jar.post("/api/login", form: Self.fields())
        #expect(Self.failed(login, code: 3205, key: "two_factor_auth_code_not_empty"), "\(login.text)")
        #expect(login.json?["msg"]?["two_factor_auth_code_not_empty"] == "testuser")
        #expect(try jar.get("/api/current_user").text == Self.notLoggedIn)
        // After a failure the client asks captcha/login again: a right password is no failure to count.
        #expect(try jar.get("/api/captcha/login").text == #"{"code":0,"data":false}"#)

        // The two-factor step (its request is not in the shown code: the flow's own path), a form
        // with the same cookies and no X-XSRF-TOKEN; the code is "sent" to the user's email.
        let empty = try jar.post("/api/check_two_factor_auth_code", form: [("code", "")])
        #expect(Self.failed(empty, code: 3205, key: "two_factor_auth_code_not_empty"), "\(empty.text)")
        let wrong = try jar.post("/api/check_two_factor_auth_code", form: [("code", "00000x")])
        #expect(Self.failed(wrong, code: 3206, key: "two_factor_auth_code_error"), "\(wrong.text)")
        let sent = try master.get("/__admin/outbox?email=testuser@example.com&purpose=twoFactor")
        let code = try #require(sent.json?["results"]?[0]?["code"]?.stringValue, "\(sent.text)")
        let checked = try jar.post("/api/check_two_factor_auth_code", form: [("code", code)])
        #expect(Self.succeeded(checked) && checked.json?["data"]?["username"] == "testuser", "\(checked.text)")
        #expect(checked.json?["data"]?["password"] == nil)
        #expect(try jar.get("/api/current_user").json?["data"]?["username"] == "testuser")
        withExtendedLifetime(directory) {}
    }

    @Test func repeatedWrongPasswords_lockTheAccount_219_evenForTheRightOne() async throws {
        let server = try await ExampleApp.serve("coding-captcha")
        let master = server.client(app: Self.app, credentials: .masterKey)
        var jar = Self.jar(server)
        // Seven wrong passwords (more than 6 lock, docs/web-login.md), each after captcha/login as
        // the app does; from the third on, a captcha read off a new picture.
        for attempt in 1...7 {
            let needed = try jar.get("/api/captcha/login")
            #expect(needed.json?["data"] == .bool(attempt > 3), "\(attempt): \(needed.text)")
            let captcha = try attempt > 3 ? Self.solveCaptcha(&jar, master: master) : ""
            let failed = try jar.post("/api/login", form: Self.fields(password: "wrong", captcha: captcha))
            #expect(Self.failed(failed, code: 1, key: "password"), "\(attempt): \(failed.text)")
        }
        // Now even the right password with the right captcha: 219 login_locked.
        #expect(try jar.get("/api/captcha/login").text == #"{"code":0,"data":true}"#)
        let answer = try Self.solveCaptcha(&jar, master: master)
        let locked = try jar.post("/api/login", form: Self.fields(captcha: answer))
        #expect(locked.text == #"{"code":219,"msg":{"login_locked":"Tried too many times to signin."}}"#)
        #expect(try jar.get("/api/current_user").text == Self.notLoggedIn)
        // The lock is the account's: another device's jar meets it too. Its session has tried no
        // account yet, so no captcha is asked for until the log-in names this one: 909, ask again.
        var other = Self.jar(server)
        #expect(try other.get("/api/captcha/login").text == #"{"code":0,"data":false}"#)
        let unasked = try other.post("/api/login", form: Self.fields())
        #expect(Self.failed(unasked, code: 909, key: "j_captcha_not_empty"), "\(unasked.text)")
        #expect(try other.get("/api/captcha/login").text == #"{"code":0,"data":true}"#)
        let otherAnswer = try Self.solveCaptcha(&other, master: master)
        let elsewhere = try other.post("/api/login", form: Self.fields(captcha: otherAnswer))
        #expect(Self.failed(elsewhere, code: 219, key: "login_locked"), "\(elsewhere.text)")
        let states = try master.get("/__admin/user-states").json?["results"]?.arrayValue ?? []
        #expect(states.contains { $0["userId"] == "64b7f0c2e4b0a1d2c3f40001" && $0["locked"] == .bool(true) }, "\(states)")

        // Fifteen minutes after the last failure the lock expires; the captcha is still asked for.
        #expect(try master.post("/__admin/clock", json: ["advance": "16m"]).status == 200)
        #expect(try jar.get("/api/captcha/login").text == #"{"code":0,"data":true}"#)
        let lastAnswer = try Self.solveCaptcha(&jar, master: master)
        let login = try jar.post("/api/login", form: Self.fields(captcha: lastAnswer))
        #expect(Self.succeeded(login), "\(login.text)")
        #expect(try jar.get("/api/current_user").json?["data"]?["username"] == "testuser")
    }
}
