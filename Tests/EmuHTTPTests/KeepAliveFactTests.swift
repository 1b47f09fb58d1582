import EmuHTTP
import Testing

/// A parsed request's `keepAlive` reads its `Connection` field only when the parser saw one
/// (`FieldRole.connection`); it must answer as RFC 9112 §9.3 says whatever way the field came:
/// read anew, repeated from the previous head, repeated whole, or added by a handler afterwards.
@Suite("Keep-alive from the parsed head")
struct KeepAliveFactTests {
    func requests(_ raw: [String]) throws -> [HTTPRequest] { try requestsParsedOneByOne(raw) }

    func head(_ version: String, _ fields: String = "") -> String { "GET /x HTTP/\(version)\r\nHost: a\r\n\(fields)\r\n" }

    @Test(arguments: [
        ("1.1", "", true), ("1.0", "", false),
        ("1.1", "Connection: close\r\n", false), ("1.1", "CONNECTION: Upgrade, Close\r\n", false),
        ("1.1", "Connection: keep-alive\r\n", true), ("1.0", "connection: Keep-Alive\r\n", true),
        ("1.0", "Connection: close\r\n", false), ("1.1", "X-Connection: close\r\n", true),
    ])
    func keepAlive_followsTheConnectionField(version: String, fields: String, expected: Bool) throws {
        let request = head(version, fields)
        // Alone, repeated whole (one read and separate reads), and after another head.
        let all = try requests([request, request + request, head("1.1", "X-Other: 1\r\n"), request])
        #expect(all.count == 5)
        #expect(all.enumerated().filter { $0.offset != 3 }.allSatisfy { $0.element.keepAlive == expected })
        #expect(all[3].keepAlive)
    }

    /// A field repeated from the previous head at its place still names Connection.
    @Test func aRepeatedConnectionLine_afterAChangedOne_closes() throws {
        let first = head("1.1", "X-Sign: 1\r\nConnection: close\r\n")
        let second = head("1.1", "X-Sign: 2\r\nConnection: close\r\n")
        #expect(try requests([first, second, second]).map(\.keepAlive) == [false, false, false])
    }

    @Test func headersChangedAfterParsing_areReadAgain() throws {
        var request = try requests([head("1.1")])[0]
        #expect(request.keepAlive)
        request.headers.add("Connection", "close")
        #expect(!request.keepAlive)
        var built = HTTPRequest(method: "GET", target: "/", path: "/", headers: ["Connection": "close"])
        #expect(!built.keepAlive)
        built.headers.remove("Connection")
        #expect(built.keepAlive)
    }
}
