@testable import EmuHTTP
import Testing

/// `ChunkedResponseDecoder`: a chunked response body decoded as it arrives, whole or a byte at a
/// time, bounded, and refused when malformed (RFC 9112 §7.1).
@Suite struct ChunkedResponseDecoderTests {
    /// Feeds `wire` in pieces of `step` bytes; returns the body and what was left unread, or
    /// the error. Nil body: the decoder still wanted more at the end.
    static func decode(_ wire: String, step: Int = .max, limit: Int = 1 << 20) -> Result<(body: String?, left: String), HTTPClientError> {
        var decoder = ChunkedResponseDecoder(maxBodyBytes: limit)
        var buffer: [UInt8] = []
        var pending = Array(wire.utf8)[...]
        do {
            while true {
                if try decoder.consume(&buffer) {
                    return .success((String(decoding: decoder.body, as: UTF8.self), String(decoding: buffer + pending, as: UTF8.self)))
                }
                guard !pending.isEmpty else { return .success((nil, "")) }
                buffer += pending.prefix(step)
                pending = pending.dropFirst(step)
            }
        } catch {
            return .failure(error)
        }
    }

    static let wellFormed: [(wire: String, body: String)] = [
        ("0\r\n\r\n", ""),
        ("5\r\nhello\r\n0\r\n\r\n", "hello"),
        ("3\r\nabc\r\nA\r\n0123456789\r\n0\r\n\r\n", "abc0123456789"),
        ("a\r\n0123456789\r\n0\r\n\r\n", "0123456789"),  // lower-case hex
        ("2;name=value ; other=\"q\\\"uoted\"\r\nhi\r\n0;last\r\n\r\n", "hi"),  // extensions ignored
        ("2\r\nhi\r\n0\r\nX-Trailer: one\r\nX-Other: two\r\n\r\n", "hi"),  // trailers discarded
        ("2\nhi\n0\n\n", "hi"),  // bare LFs, as the server accepts them
        ("002\r\nhi\r\n0000\r\n\r\n", "hi"),  // leading zeros
    ]

    @Test(arguments: wellFormed)
    func aWellFormedBody_isDecoded_wholeOrAByteAtATime(wire: String, body: String) throws {
        for step in [1, 2, 7, Int.max] {
            let decoded = try Self.decode(wire + "NEXT", step: step).get()
            #expect(decoded.body == body, "step \(step)")
            #expect(decoded.left == "NEXT", "what follows the body stays for the next answer (step \(step))")
        }
    }

    @Test func anUnfinishedBody_wantsMore() throws {
        for wire in ["", "5", "5\r\nhel", "5\r\nhello", "5\r\nhello\r\n", "5\r\nhello\r\n0\r\n", "0\r\nX-T: t\r\n", "0\r\n\r"] {
            #expect(try Self.decode(wire).get().body == nil, "\(wire.debugDescription)")
        }
    }

    static let malformed: [(wire: String, error: HTTPClientError)] = [
        ("zz\r\nhi\r\n0\r\n\r\n", .malformedChunks("invalid chunk size")),
        ("\r\n", .malformedChunks("invalid chunk size")),
        ("2 x\r\nhi\r\n0\r\n\r\n", .malformedChunks("invalid chunk extension")),
        ("fffffffffffffffff\r\n", .malformedChunks("chunk size overflows")),
        ("2\r\nhixx0\r\n\r\n", .malformedChunks("missing CRLF after chunk data")),
        ("2\r\nhi\rx", .malformedChunks("missing CRLF after chunk data")),
        ("0\r\nno colon\r\n\r\n", .malformedChunks("trailer field: whitespace before colon in header field")),
        ("0\r\n X-Folded: t\r\n\r\n", .malformedChunks("trailer field: obsolete line folding in header field")),
        (String(repeating: "0", count: 4097) + "\r\n\r\n", .malformedChunks("chunk-size line too long")),
        ("0\r\nX-Big: " + String(repeating: "t", count: 64 * 1024) + "\r\n\r\n", .malformedChunks("trailer section too long")),
    ]

    @Test(arguments: malformed)
    func aMalformedBody_isRefused_wholeOrAByteAtATime(wire: String, error: HTTPClientError) {
        for step in [1, Int.max] {
            #expect(throws: error, "step \(step)") { try Self.decode(wire, step: step).get() }
        }
    }

    @Test func theLimit_holdsForOneChunk_andForAllTogether_beforeTheirDataArrives() throws {
        #expect(try Self.decode("4\r\nabcd\r\n0\r\n\r\n", limit: 4).get().body == "abcd")
        // A chunk announcing more than the limit is refused on its size line alone.
        #expect(throws: HTTPClientError.bodyTooLarge(limit: 4)) { try Self.decode("5\r\n", limit: 4).get() }
        #expect(throws: HTTPClientError.bodyTooLarge(limit: 4)) { try Self.decode("3\r\nabc\r\n2\r\n", limit: 4).get() }
        #expect(throws: HTTPClientError.bodyTooLarge(limit: 0)) { try Self.decode("1\r\n", limit: 0).get() }
    }

    @Test func theErrors_sayWhatWasWrong() {
        #expect(HTTPClientError.bodyTooLarge(limit: 20).description == "a body larger than 20 bytes")
        #expect(HTTPClientError.malformedChunks("invalid chunk size").description == "a malformed chunked body (invalid chunk size)")
        #expect(HTTPClientError.unsupportedTransferCoding("gzip").description == "Transfer-Encoding 'gzip', of which only chunked is read")
    }
}
