import EmuTestSupport
import EmuAPI
import EmuHTTP
import LCWire
import Testing

/// A multipart body the journal cannot parse is shown by its size only, never as text (security
/// review F5): its parts are not `name=value` pairs, so a password part would be journaled in
/// clear. A body that parses is shown as form pairs with its secret parts masked.
@Suite struct JournalMultipartRedactionTests {
    static let password = "hunter2-very-secret"

    static func body(boundary: String, padding: Int = 0) -> [UInt8] {
        Array(("--\(boundary)\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\n\(password)\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\n\(String(repeating: "x", count: padding))\r\n"
            + "--\(boundary)--\r\n").utf8)
    }

    /// (content type, body, parses): a wrong boundary, no type at all, cut at the journal's body limit.
    static let cases: [(String?, [UInt8], Bool)] = [
        ("multipart/form-data; boundary=right", body(boundary: "right"), true),
        ("multipart/form-data; boundary=other", body(boundary: "right"), false),
        (nil, body(boundary: "right"), false),
        ("text/plain", body(boundary: "right"), false),
        ("multipart/form-data; boundary=right", body(boundary: "right", padding: 20_000), false),
    ]

    @Test(arguments: cases.indices)
    func anUnparsedMultipartBody_isJournaledByItsSizeOnly(index: Int) throws {
        let (contentType, bytes, parses) = Self.cases[index]
        let emulator = try TestServer.start()
        var headers: HTTPHeaders = [:]
        if let contentType { headers.set("Content-Type", contentType) }
        _ = try emulator.inProcessClient(credentials: .none).send("POST", "/upload", body: bytes, headers: headers)

        let listed = try emulator.inProcessClient(credentials: .masterKey).get("/__admin/requests?path=/upload")
        let record = try #require(listed.json?["results"]?[0])
        let shown = try #require(record["request"]?["body"]?.stringValue)
        #expect(!listed.text.contains(Self.password))
        if parses {
            #expect(shown.hasPrefix("password=…redacted…&note="), "\(shown)")
        } else {
            let kept = min(bytes.count, 16 * 1024)
            #expect(shown == "<multipart body, \(kept) bytes, not parsed>")
        }
    }
}
