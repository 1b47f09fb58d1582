import EmuTestSupport
import EmuHTTP
import Foundation
import EmuTesting
import LCWire
import Testing

/// JSON whose text could only be stored as another value — invalid UTF-8, a lone
/// surrogate escape, a number beyond a double — is refused with 107 naming the byte, in bodies,
/// `where`, batch bodies and method-override envelopes; nothing is stored.
@Suite struct StrictJSONInputTests {
    let emulator: TestServer
    init() throws { emulator = try TestServer.start(open: TestRoutes.emulator) }

    static let bodies: [(String, [UInt8], String)] = [
        ("invalid UTF-8", Array(#"{"title":"a"#.utf8) + [0xFF] + Array(#""}"#.utf8), "Invalid UTF-8 at byte 11"),
        ("lone surrogate", Array(#"{"title":"\ud800"}"#.utf8), #"Lone surrogate in \\u escape at byte 10"#),
        ("huge number", Array(#"{"n":1e400}"#.utf8), "Number out of range at byte 5"),
    ]

    @Test(arguments: bodies)
    func create_refusesUnrepresentableBodies(name: String, body: [UInt8], problem: String) throws {
        let client = emulator.client(.inProcess)
        let response = try client.send("POST", "/1.1/classes/Post", body: body)
        #expect(response.status == 400, "\(name)")
        #expect(response.text == #"{"code":107,"error":"Malformed json object. \#(problem)."}"#, "\(name)")
        let count = try client.get("/1.1/classes/Post?count=1&limit=0")
        #expect(count.json?["count"] == 0, "nothing stored for \(name)")
    }

    @Test func batch_refusesAnUnrepresentableBody() throws {
        let body = Array(#"{"requests":[{"method":"POST","path":"/1.1/classes/Post","body":{"n":-1e999}}]}"#.utf8)
        let response = try emulator.client(.inProcess).send("POST", "/1.1/batch", body: body)
        #expect(response.status == 400)
        #expect(response.json?["code"] == 107)
        #expect(response.json?["error"]?.stringValue?.hasSuffix("Number out of range at byte 69.") == true)
    }

    /// The HTTP parser reads `%FF` as U+FFFD; the where parameter is read again from its bytes.
    @Test func query_refusesInvalidUTF8InWhere() throws {
        let response = try emulator.client(.socket).get("/1.1/classes/Post?where=%7B%22t%22%3A%22%FF%22%7D")
        #expect(response.status == 400)
        #expect(response.text == #"{"code":107,"error":"Malformed json object. Invalid UTF-8 at byte 6 of the where parameter."}"#)
    }

    @Test(arguments: Tier.inProcessAndSocket)
    func query_refusesLoneSurrogatesAndHugeNumbersInWhere(tier: Tier) throws {
        let client = emulator.client(tier)
        let surrogate = try client.get("/1.1/classes/Post?where=" + QueryText.escape(#"{"t":"\udc00"}"#))
        #expect(surrogate.text == #"{"code":107,"error":"Malformed json object. Lone surrogate in \\u escape at byte 6 of the where parameter."}"#)
        let huge = try client.get("/1.1/classes/Post?where=" + QueryText.escape(#"{"n":{"$gt":1e400}}"#))
        #expect(huge.text == #"{"code":107,"error":"Malformed json object. Number out of range at byte 12 of the where parameter."}"#)
    }

    /// A replacement character sent as such (`%EF%BF%BD`) is a character like any other.
    @Test func query_keepsAnEncodedReplacementCharacter() throws {
        let client = emulator.client(.socket)
        _ = try client.post("/1.1/classes/Post", json: ["t": "\u{FFFD}"])
        let response = try client.get("/1.1/classes/Post?where=%7B%22t%22%3A%22%EF%BF%BD%22%7D")
        #expect(response.status == 200)
        #expect(response.json?["results"]?.arrayValue?.count == 1)
    }

    @Test func conditionalUpdate_refusesInvalidUTF8InWhere() throws {
        let server = try TestServer.start()  // the real object routes, without test routes in front
        let client = server.client()
        let id = try #require(try client.post("/1.1/classes/Post", json: ["t": "x"]).json?["objectId"]?.stringValue)
        let response = try client.put("/1.1/classes/Post/\(id)?where=%7B%22t%22%3A%22%C0%AF%22%7D", json: ["t": "y"])
        #expect(response.text == #"{"code":107,"error":"Malformed json object. Invalid UTF-8 at byte 6 of the where parameter."}"#)
        #expect(try client.get("/1.1/classes/Post/\(id)").json?["t"] == "x")
    }

    @Test(arguments: Tier.inProcessAndSocket)
    func envelope_refusesAnUnrepresentableBody(tier: Tier) throws {
        let body = Array(#"{"_method":"PUT","_ApplicationId":"\#(emulator.app.appId)","t":"\udbff"}"#.utf8)
        let response = try emulator.client(tier, credentials: .none)
            .send("POST", "/1.1/classes/Post", body: body, headers: ["Content-Type": "text/plain"])
        #expect(response.status == 400)
        #expect(response.json?["code"] == 107)
        #expect(response.json?["error"]?.stringValue?.hasPrefix("Malformed json object. Lone surrogate") == true)
    }
}

/// Percent-encoding for the query strings these tests build.
enum QueryText {
    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}

@Suite struct StrictJSONParameterTests {
    /// CQL `pvalues` is JSON too: a lone surrogate is refused with 107 and its byte, not bound as U+FFFD.
    @Test func cloudQuery_refusesAnUnrepresentablePvalue() throws {
        let server = try TestServer.start()
        let cql = QueryText.escape("select * from Post where title = ?")
        let response = try server.client().get("/1.1/cloudQuery?cql=\(cql)&pvalues=" + QueryText.escape(#"["\ud800"]"#))
        #expect(response.text == #"{"code":107,"error":"Malformed json object. Lone surrogate in \\u escape at byte 2 of the pvalues parameter."}"#)
    }
}
