import EmuHTTP
import Testing

/// Limits are enforced as soon as they are certain to be exceeded, not when a terminator
/// finally arrives: a client sending endless bytes is stopped early.
@Suite("Early limits")
struct EarlyLimitTests {
    static let limits = HTTPParserLimits(maxRequestLineBytes: 64, maxHeaderBytes: 128, maxBodyBytes: 32)

    /// Feeds `raw` one byte at a time and returns how many bytes were fed when `next()` threw.
    func bytesFedUntilError(_ raw: [UInt8], limits: HTTPParserLimits = limits) -> (count: Int, status: Int)? {
        var parser = HTTPRequestParser(limits: limits)
        for (index, byte) in raw.enumerated() {
            parser.append(contentsOf: [byte])
            do {
                while try parser.next() != nil {}
            } catch let error as HTTPParseError {
                return (index + 1, error.status)
            } catch {
                return nil
            }
        }
        return nil
    }

    @Test func endlessRequestLine_isRefused_oneBytePastTheLimit() {
        let raw = bytes("GET /" + String(repeating: "a", count: 1000))
        let failure = bytesFedUntilError(raw)
        #expect(failure?.status == 414)
        #expect(failure?.count == 65)
    }

    @Test func requestLineAtTheLimit_mayWaitForItsLF_afterTheCR() {
        let line = requestLine(length: 64)
        #expect(bytesFedUntilError(bytes(line + "\r")) == nil)
        let result = transcript(of: bytes(line + "\r\nHost: a\r\n\r\n"), fed: .byteByByte, limits: Self.limits)
        #expect(result.requests.count == 1)
    }

    @Test func requestLineAtTheLimit_followedByAnotherByteThanLF_isRefused() {
        let failure = bytesFedUntilError(bytes(requestLine(length: 64) + "\rX"))
        #expect(failure?.status == 414)
    }

    @Test func endlessRequestLineInOnePiece_isRefused_withoutATerminator() throws {
        var parser = HTTPRequestParser(limits: Self.limits)
        parser.append(contentsOf: bytes("GET /") + Array(repeating: UInt8(ascii: "a"), count: 1 << 20))
        #expect(throws: HTTPParseError.requestLineTooLong) { try parser.next() }
    }

    @Test func endlessEmptyLines_areRefused() {
        let failure = bytesFedUntilError(bytes(String(repeating: "\r\n", count: 1000)))
        #expect(failure?.status == 414)
    }

    @Test func endlessHeaderField_isRefused_onceItCannotFit() {
        let head = "GET / HTTP/1.1\r\nHost: a\r\n"   // 9 bytes of field lines
        let raw = bytes(head + "X-Long: " + String(repeating: "v", count: 1000))
        let failure = bytesFedUntilError(raw)
        #expect(failure?.status == 431)
        // 128 - 9 = 119 bytes remain; a line of 119 bytes of content cannot have its terminator.
        #expect(failure?.count == head.utf8.count + 119)
    }

    @Test func endlessStreamOfFields_isRefused_atTheHeaderLimit() {
        let raw = bytes("GET / HTTP/1.1\r\n" + String(repeating: "X-A: b\r\n", count: 100))
        #expect(bytesFedUntilError(raw)?.status == 431)
    }

    @Test func declaredBodyTooLarge_isRefused_rightAfterTheHead() {
        let head = "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 33\r\n\r\n"
        let failure = bytesFedUntilError(bytes(head + String(repeating: "b", count: 33)))
        #expect(failure?.status == 413)
        #expect(failure?.count == head.utf8.count)
    }

    @Test func chunkTooLarge_isRefused_beforeItsData() {
        let head = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n"
        let failure = bytesFedUntilError(bytes(head + String(repeating: "b", count: 16) + "\r\n11\r\n"))
        #expect(failure?.status == 413)
        #expect(failure?.count == head.utf8.count + 16 + 2 + 4)
    }

    @Test func endlessChunkSizeLine_isRefused() {
        let head = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n1;ext="
        let failure = bytesFedUntilError(bytes(head + String(repeating: "x", count: 10_000)))
        #expect(failure?.status == 400)
    }

    @Test func endlessTrailers_areRefused_atTheHeaderLimit() {
        let raw = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n"
            + String(repeating: "X-T: v\r\n", count: 100)
        #expect(bytesFedUntilError(bytes(raw))?.status == 431)
    }
}
