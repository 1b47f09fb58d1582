import EmuHTTP
import Testing

/// `Expect: 100-continue` (RFC 9110 §10.1.1).
@Suite("100-continue")
struct ContinueTests {
    static let head = "POST /upload HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n"

    @Test func expectContinue_reportsContinue_thenTheRequest_onceTheBodyArrives() throws {
        var parser = HTTPRequestParser()
        parser.append(contentsOf: bytes(Self.head))
        #expect(try parser.next() == .continueExpected)
        #expect(parser.phase == .body)
        #expect(try parser.next() == nil)

        parser.append(contentsOf: bytes("hel"))
        #expect(try parser.next() == nil)
        parser.append(contentsOf: bytes("lo"))
        guard case .request(let request) = try parser.next() else {
            Issue.record("expected the request")
            return
        }
        #expect(request.body == bytes("hello"))
        #expect(parser.phase == .idle)
    }

    @Test func expectContinue_reportsNothing_whenTheBodyArrivesWithTheHead() {
        let result = transcript(of: [bytes(Self.head + "hello")])
        #expect(result.events.count == 1)
        #expect(result.requests.first?.body == bytes("hello"))
    }

    @Test func expectContinue_isReportedOnce_evenWhenTheBodyTrickles() {
        let result = transcript(of: bytes(Self.head + "hello"), fed: .byteByByte)
        #expect(result.events.filter { $0 == .continueExpected }.count == 1)
        #expect(result.events.first == .continueExpected)
        #expect(result.requests.count == 1)
    }

    @Test(arguments: ["100-CONTINUE", "100-Continue", "  100-continue  "])
    func expectContinue_matchesCaseInsensitively(value: String) throws {
        var parser = HTTPRequestParser()
        parser.append(contentsOf: bytes("PUT / HTTP/1.1\r\nHost: a\r\nExpect: \(value)\r\nContent-Length: 1\r\n\r\n"))
        #expect(try parser.next() == .continueExpected)
    }

    @Test func expectContinue_withChunkedBody_reportsContinueFirst() {
        let raw = "POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nTransfer-Encoding: chunked\r\n\r\n"
        let result = transcript(of: [bytes(raw), bytes("2\r\nhi\r\n0\r\n\r\n")])
        #expect(result.events.count == 2)
        #expect(result.events.first == .continueExpected)
        #expect(result.requests.first?.body == bytes("hi"))
    }

    @Test func expectContinue_withChunkedBodyAlreadyBuffered_reportsOnlyTheRequest() {
        let raw = "POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
        let result = transcript(of: [bytes(raw)])
        #expect(result.events.count == 1)
        #expect(result.requests.count == 1)
    }

    @Test(arguments: [
        "POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 0\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\n\r\n",
        "POST / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n",
    ])
    func expectContinue_isIgnored_withoutBodyOrInHTTP10(raw: String) throws {
        var parser = HTTPRequestParser()
        parser.append(contentsOf: bytes(raw))
        let event = try parser.next()
        #expect(event != .continueExpected)
    }

    @Test func expectContinue_isReportedForEachPipelinedRequest() {
        let raw = bytes(Self.head + "hello" + Self.head)
        let result = transcript(of: [raw, bytes("world")])
        #expect(result.events.count == 3)
        #expect(result.events[1] == .continueExpected)
        #expect(result.requests.map(\.body) == [bytes("hello"), bytes("world")])
    }
}
