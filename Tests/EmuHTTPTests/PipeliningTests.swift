import EmuHTTP
import Testing
import Primitives

/// Several requests in one connection buffer (RFC 9112 §9.3.2).
@Suite("Pipelining")
struct PipeliningTests {
    static let get = "GET /1.1/date HTTP/1.1\r\nHost: a\r\n\r\n"
    static let post = "POST /1.1/classes/Post HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello"
    static let chunkedPost = "PUT /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"

    @Test func threeRequestsInOneBuffer_giveThreeEventsInOrder() throws {
        var parser = HTTPRequestParser()
        parser.append(contentsOf: bytes(Self.get + Self.post + Self.chunkedPost))
        var requests: [HTTPRequest] = []
        while let event = try parser.next() {
            guard case .request(let request) = event else {
                Issue.record("unexpected event \(event)")
                continue
            }
            requests.append(request)
        }
        #expect(requests.map(\.method) == ["GET", "POST", "PUT"])
        #expect(requests.map(\.path) == ["/1.1/date", "/1.1/classes/Post", "/x"])
        #expect(requests.map(\.body) == [[], bytes("hello"), bytes("abc")])
        #expect(parser.phase == .idle)
        #expect(parser.bufferedByteCount == 0)
    }

    @Test(arguments: FeedStyle.allCases)
    func pipelinedRequests_areTheSame_howeverTheyAreFed(style: FeedStyle) {
        let raw = bytes(Self.get + Self.post + "\r\n" + Self.chunkedPost + Self.get)
        let result = transcript(of: raw, fed: style)
        #expect(result.failureStatus == nil)
        #expect(result.requests.map(\.method) == ["GET", "POST", "PUT", "GET"])
        #expect(result.requests.map(\.body) == [[], bytes("hello"), bytes("abc"), []])
        #expect(result.finalPhase == .idle)
    }

    @Test func requestFollowedByHalfOfTheNext_givesOneRequest_andKeepsTheRest() throws {
        let second = bytes(Self.post)
        let half = second.count / 2
        var parser = HTTPRequestParser()
        parser.append(contentsOf: bytes(Self.get) + second[..<half])

        guard case .request(let first) = try parser.next() else {
            Issue.record("expected the first request")
            return
        }
        #expect(first.path == "/1.1/date")
        #expect(parser.phase == .head)
        #expect(parser.bufferedByteCount == half)
        #expect(try parser.next() == nil)

        parser.append(contentsOf: Array(second[half...]))
        guard case .request(let next) = try parser.next() else {
            Issue.record("expected the second request")
            return
        }
        #expect(next.body == bytes("hello"))
        #expect(parser.phase == .idle)
        #expect(try parser.next() == nil)
    }

    @Test func manyPipelinedRequests_surviveBufferCompaction() throws {
        // Enough bytes that the consumed prefix crosses the compaction threshold many times.
        var raw: [UInt8] = []
        for index in 0..<3000 {
            raw += bytes("POST /n/\(index) HTTP/1.1\r\nHost: a\r\nContent-Length: \(String(index).utf8.count)\r\n\r\n\(index)")
        }
        var generator = SeededRandom(seed: 99)
        var parser = HTTPRequestParser()
        var seen = 0
        var start = 0
        while start < raw.count {
            let end = min(raw.count, start + Int.random(in: 1...9000, using: &generator))
            parser.append(contentsOf: Array(raw[start..<end]))
            start = end
            while let event = try parser.next() {
                guard case .request(let request) = event else { continue }
                #expect(request.path == "/n/\(seen)")
                #expect(request.body == bytes(String(seen)))
                seen += 1
            }
        }
        #expect(seen == 3000)
        #expect(parser.bufferedByteCount == 0)
    }

    @Test func emptyLineAfterABody_isSkippedBeforeTheNextRequest() throws {
        let result = transcript(of: [bytes(Self.post + "\r\n" + Self.get)])
        #expect(result.requests.count == 2)
        #expect(result.failureStatus == nil)
    }

    @Test func errorInTheSecondRequest_comesAfterTheFirstRequest() {
        let result = transcript(of: [bytes(Self.get + "GET / HTTP/1.1\r\n\r\n" + Self.get)])
        #expect(result.events.count == 2)
        #expect(result.requests.count == 1)
        #expect(result.failureStatus == 400)
    }
}
