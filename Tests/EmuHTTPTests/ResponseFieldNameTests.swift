@testable import EmuHTTP
import Testing

/// A response field whose name is not a token (RFC 9110 §5.1) is left out of the head, whether
/// written field by field or from a connection's copied lines: a name with a CR or LF would split
/// the response, and one with a colon, a space or a control byte would make another field.
@Suite struct ResponseFieldNameTests {
    static let date = ResponseHeadTests.date

    static let badNames = ["X-A\r\nInjected", "X-A\nInjected", "X-A\rB", "", "X A", "X-A:", ":", "X\u{0}A", "X\u{7F}A", "X-\u{e9}",
                           "X(A)", "X\tA", "\r\n"]

    @Test func aFieldWithANameNotAToken_isLeftOut_andTheOthersWritten() {
        for name in Self.badNames {
            var headers: HTTPHeaders = ["X-Before": "1"]
            headers.add(name, "v")
            headers.add("X-After", "2")
            let text = ResponseHeadTests.encoded(HTTPResponse(status: 200, headers: headers, body: Array("z".utf8)))
            #expect(text == "HTTP/1.1 200 OK\r\nX-Before: 1\r\nX-After: 2\r\nContent-Length: 1\r\n"
                + "Date: Sat, 28 Nov 2026 22:00:00 GMT\r\n\r\nz", "\(Array(name.utf8))")
        }
    }

    /// A bad name with a value that has line breaks too (the field's other way through `HeadWriter`).
    @Test func aBadName_withALineBreakInItsValue_isLeftOut() {
        let headers: HTTPHeaders = ["X-A\r\nInjected": "a\r\nb", "X-B": "c\nd"]
        #expect(ResponseHeadTests.encoded(HTTPResponse(status: 204, headers: headers))
            == "HTTP/1.1 204 No Content\r\nX-B: cd\r\nDate: Sat, 28 Nov 2026 22:00:00 GMT\r\n\r\n")
    }

    /// Every token name is written, and the copied lines of a connection are those it wrote.
    @Test func tokenNames_areWritten_andCopiedLinesLeaveBadOnesOut() {
        let headers: HTTPHeaders = ["!#$%&'*+-.^_`|~09AZaz": "1", "X-A\r\nInjected": "2", "Content-Type": "text/plain"]
        let responses = (0..<3).map { HTTPResponse(status: 200, headers: headers, body: Array("\($0)".utf8)) }
        let cached = FieldLineCacheTests.cached(responses, replacing: true)
        #expect(cached == FieldLineCacheTests.plain(responses, replacing: true))
        #expect(cached.allSatisfy { $0.hasPrefix("HTTP/1.1 200 OK\r\n!#$%&'*+-.^_`|~09AZaz: 1\r\nContent-Type: text/plain\r\n") })
        #expect(cached.allSatisfy { !$0.contains("Injected") })
    }

    /// `HTTPBytes.isToken`'s bit test answers as `isTokenChar` for every byte at every place.
    @Test func isToken_agreesWithTheBytePredicate() {
        #expect(!HTTPBytes.isToken(UnsafeBufferPointer(start: nil, count: 0)))
        for length in 1...3 {
            for position in 0..<length {
                for byte in UInt8.min...UInt8.max {
                    var name = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    name[position] = byte
                    #expect(name.withUnsafeBufferPointer(HTTPBytes.isToken) == HTTPBytes.isTokenChar(byte), "\(byte) at \(position)")
                }
            }
        }
    }
}
