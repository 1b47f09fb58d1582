import EmuAPI
import EmuHTTP
import EmuRouting
import EmuTestSupport
import EmuTesting
import LCWire
import Primitives
import Testing

/// `multipart/form-data` bodies (RFC 7578, `EmuRouting/MultipartForm`): the one parser behind the
/// `/api` log-in's fields and custom routes' body matchers, bounded and refusing what is malformed.
@Suite struct MultipartFormTests {
    static let boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW"
    static let contentType = "multipart/form-data; boundary=\(boundary)"

    /// A body of text fields and, optionally, one file part, as AFNetworking and curl -F send it.
    static func body(_ fields: [(String, String)], file: (name: String, filename: String, bytes: [UInt8])? = nil,
                     boundary: String = boundary) -> [UInt8] {
        var text = ""
        for (name, value) in fields {
            text += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        var bytes = Array(text.utf8)
        if let file {
            bytes += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.name)\"; filename=\"\(file.filename)\"\r\nContent-Type: image/png\r\n\r\n".utf8)
            bytes += file.bytes + Array("\r\n".utf8)
        }
        return bytes + Array("--\(boundary)--\r\n".utf8)
    }

    // MARK: The parser

    @Test func parsesTextFieldsAndFileParts() throws {
        let body = Self.body([("email", "a@b.c"), ("empty", ""), ("multi", "line1\r\nline2"), ("email", "second")],
                             file: ("avatar", "me.png", [0x89, 0x50, 0x0D, 0x0A, 0x00]))
        let form = try #require(MultipartForm(body: body, contentType: Self.contentType))
        #expect(form.parts.count == 5)
        #expect(form.textFields == ["email": "a@b.c", "empty": "", "multi": "line1\r\nline2"])
        let file = try #require(form.parts.last)
        #expect(file.filename == "me.png" && file.contentType == "image/png" && file.body == [0x89, 0x50, 0x0D, 0x0A, 0x00])
    }

    @Test func acceptsAQuotedBoundary_aPreamble_andParametersInAnyCase() throws {
        let body = Array("preamble\r\n".utf8) + Self.body([("a", "1")], boundary: "b c")
        let form = try #require(MultipartForm(body: body, contentType: "Multipart/Form-Data; charset=utf-8; BOUNDARY=\"b c\""))
        #expect(form.textFields == ["a": "1"])
        #expect(MultipartForm.parameter("name", of: #"form-data; name="a \"q\"; b""#) == #"a "q"; b"#)
    }

    @Test(arguments: [
        ("no boundary", "multipart/form-data", "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--x--"),
        ("boundary over 70", "multipart/form-data; boundary=" + String(repeating: "b", count: 71), "--x--"),
        ("boundary with CR", "multipart/form-data; boundary=a\rb", "--x--"),
        ("no closing delimiter", "multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n"),
        ("no disposition", "multipart/form-data; boundary=x", "--x\r\nContent-Type: text/plain\r\n\r\n1\r\n--x--"),
        ("not form-data", "multipart/form-data; boundary=x", "--x\r\nContent-Disposition: attachment; name=\"a\"\r\n\r\n1\r\n--x--"),
        ("no name", "multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data\r\n\r\n1\r\n--x--"),
        ("no delimiter at all", "multipart/form-data; boundary=x", "email=a&password=b"),
        ("not multipart", "application/x-www-form-urlencoded", "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--x--"),
    ])
    func refusesWhatIsMalformed(reason: String, contentType: String, body: String) {
        #expect(MultipartForm(body: Array(body.utf8), contentType: contentType) == nil, "\(reason)")
    }

    @Test func refusesMoreThanAThousandParts_andAPartHeaderOverItsBound() {
        let fields = (0...MultipartForm.maxParts).map { ("f\($0)", "v") }
        #expect(MultipartForm(body: Self.body(Array(fields.prefix(MultipartForm.maxParts))), contentType: Self.contentType)?.parts.count == 1000)
        #expect(MultipartForm(body: Self.body(fields), contentType: Self.contentType) == nil)
        let longHeader = "--x\r\nContent-Disposition: form-data; name=\"a\"\r\nX-Pad: \(String(repeating: "p", count: 9000))\r\n\r\n1\r\n--x--"
        #expect(MultipartForm(body: Array(longHeader.utf8), contentType: "multipart/form-data; boundary=x") == nil)
    }

    // MARK: The /api log-in reads it

    @Test func webLogin_readsAMultipartLogIn() throws {
        var fixture = try WebLoginFixture()
        _ = try fixture.browser.get("/api/captcha/login")
        let cookies = fixture.browser.cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        let body = Self.body([("email", WebLoginFixture.email), ("password", WebLoginFixture.sha1),
                              ("remember_me", "false"), ("j_captcha", "")])
        // A native client: the jar's cookies, no X-XSRF-TOKEN, no Origin.
        let response = try fixture.browser.client.send("POST", "/api/login", body: body,
                                                       headers: ["Content-Type": Self.contentType, "Cookie": cookies])
        #expect(response.json?["code"] == 0)
        #expect(response.json?["data"]?["objectId"]?.stringValue == fixture.userId)
        #expect(try fixture.browser.get("/api/current_user").json?["code"] == 0)
        // A malformed multipart body has no fields: the envelope says what is missing.
        let broken = try fixture.browser.client.send("POST", "/api/login", body: Array("email=x".utf8),
                                                     headers: ["Content-Type": Self.contentType, "Cookie": cookies])
        #expect(WebLoginFixture.failure(broken) == (1, "email"))
        // The journal shows the multipart log-in as form pairs, its password hash masked.
        let journal = try fixture.emulator.inProcessClient(credentials: .masterKey).get("/__admin/requests?path=/api/login").text
        #expect(journal.contains("password=…redacted…") && journal.contains("remember_me=false"))
        #expect(!journal.contains(WebLoginFixture.sha1))
    }

    // MARK: Custom routes' body matchers read it

    @Test func customRoute_matchesAndTemplatesMultipartFields_andSeesFilePartsAsObjects() throws {
        let emulator = try TestServer.start(.inProcess)
        let admin = emulator.inProcessClient(credentials: .masterKey)
        let route: JSON = [
            "id": "upload",
            "request": ["method": "POST", "path": "/mp",
                        "body": ["a": "1", "avatar.filename": ["matches": "\\.png$"], "avatar.size": 5]],
            "response": ["json": ["a": "{{request.body.a}}", "name": "{{request.body.avatar.filename}}"]],
        ]
        #expect(try admin.post("/__admin/routes", json: route).status == 201)
        let device = emulator.inProcessClient(credentials: .none)
        let body = Self.body([("a", "1")], file: ("avatar", "me.png", [1, 2, 3, 4, 5]))
        let hit = try device.send("POST", "/mp", body: body, headers: ["Content-Type": Self.contentType])
        #expect(hit.status == 200)
        #expect(hit.text == #"{"a":"1","name":"me.png"}"#)
        let miss = try device.send("POST", "/mp", body: Self.body([("a", "2")], file: ("avatar", "me.png", [1, 2, 3, 4, 5])),
                                   headers: ["Content-Type": Self.contentType])
        #expect(miss.status == 404)
    }
}
