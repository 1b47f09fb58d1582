import EmuHTTP
import Testing

/// The phase the server reads its deadlines from, and the buffered byte count.
@Suite("Phases")
struct PhaseTests {
    @Test func newParser_isIdle_withNothingBuffered() {
        let parser = HTTPRequestParser()
        #expect(parser.phase == .idle)
        #expect(parser.bufferedByteCount == 0)
    }

    @Test func phases_goFromIdleToHeadToBodyToIdle() throws {
        var parser = HTTPRequestParser()
        parser.append(contentsOf: bytes("POST / HTTP/1.1\r\nHo"))
        #expect(parser.phase == .head)
        #expect(try parser.next() == nil)
        #expect(parser.phase == .head)

        parser.append(contentsOf: bytes("st: a\r\nContent-Length: 4\r\n\r\nab"))
        #expect(try parser.next() == nil)
        #expect(parser.phase == .body)
        #expect(parser.bufferedByteCount == 2)

        parser.append(contentsOf: bytes("cd"))
        #expect(parser.phase == .body)
        guard case .request(let request) = try parser.next() else {
            Issue.record("expected the request")
            return
        }
        #expect(request.body == bytes("abcd"))
        #expect(parser.phase == .idle)
        #expect(parser.bufferedByteCount == 0)
    }

    @Test func chunkedBody_keepsTheBodyPhase_untilTheLastChunk() throws {
        var parser = HTTPRequestParser()
        parser.append(contentsOf: bytes("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nab"))
        #expect(try parser.next() == nil)
        #expect(parser.phase == .body)
        parser.append(contentsOf: bytes("cd\r\n0\r\n"))
        #expect(try parser.next() == nil)
        #expect(parser.phase == .body)
        parser.append(contentsOf: bytes("\r\n"))
        #expect(try parser.next() != nil)
        #expect(parser.phase == .idle)
    }

    @Test func phase_isHead_whenTheNextRequestIsPartlyBuffered() throws {
        var parser = HTTPRequestParser()
        parser.append(contentsOf: bytes("GET / HTTP/1.1\r\nHost: a\r\n\r\nGET /next"))
        #expect(try parser.next() != nil)
        #expect(parser.phase == .head)
        #expect(parser.bufferedByteCount == 9)
    }

    @Test func phase_returnsToIdle_afterOnlyEmptyLines() throws {
        var parser = HTTPRequestParser()
        parser.append(contentsOf: bytes("\r\n"))
        #expect(parser.phase == .head)
        #expect(try parser.next() == nil)
        #expect(parser.phase == .idle)
        #expect(parser.bufferedByteCount == 0)
    }

    @Test func requestWithoutBody_goesFromHeadStraightToIdle() throws {
        var parser = HTTPRequestParser()
        parser.append(contentsOf: bytes("DELETE /x HTTP/1.1\r\nHost: a\r\n\r\n"))
        #expect(parser.phase == .head)
        #expect(try parser.next() != nil)
        #expect(parser.phase == .idle)
    }

    @Test func emptyAppend_leavesAnIdleParserIdle() throws {
        var parser = HTTPRequestParser()
        parser.append(contentsOf: [])
        #expect(parser.phase == .idle)
        #expect(try parser.next() == nil)
    }
}
