import EmuHTTP
import Testing

/// A head that repeats the previous one byte for byte is read with one comparison
/// (`HTTPRequestParser.repeatHeadWhole`); it must read exactly as it does line by line: the same
/// line, fields, framing, expectations and limits, whatever arrives in which read.
@Suite("Whole repeated heads")
struct WholeHeadRepeatTests {
    static let get = "GET /1.1/date HTTP/1.1\r\nHost: a\r\nX-LC-Id: app\r\nX-LC-Sign: 0123456789abcdef,1700000000000\r\n\r\n"

    /// Every event of `reads`, fed one after another to one parser: a request as its method,
    /// path, fields and body; `100` for a continue; `error` for a thrown one.
    func events(_ reads: [String], limits: HTTPParserLimits = HTTPParserLimits()) -> [String] {
        var parser = HTTPRequestParser(limits: limits)
        var events: [String] = []
        for text in reads {
            parser.append(contentsOf: Array(text.utf8))
            do {
                while let event = try parser.next() {
                    switch event {
                    case .continueExpected: events.append("100")
                    case .request(let request):
                        let fields = request.headers.fields.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
                        events.append("\(request.method) \(request.target) \(request.version) [\(fields)] "
                                      + String(decoding: request.body, as: UTF8.self))
                    }
                }
            } catch {
                events.append("error")
                break
            }
        }
        return events
    }

    /// The same events as each request read alone by a parser of its own.
    func alone(_ requests: [String], limits: HTTPParserLimits = HTTPParserLimits()) -> [String] {
        requests.flatMap { events([$0], limits: limits) }
    }

    @Test func pipelinedRepeats_inOneRead_readAsAlone() {
        let other = Self.get.replacingOccurrences("1700000000000", "1700000000001")
        let all = [Self.get, Self.get, Self.get, other, other, Self.get]
        #expect(events([all.joined()]) == alone(all))
    }

    /// A repeated head frames its own body: a Content-Length, or chunks with trailers.
    @Test func repeatedHeads_frameTheirBodies() {
        let post = "POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\n"
        let chunked = "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        let all = [post + "hello", post + "world", chunked + "2\r\nhi\r\n0\r\nT: 1\r\n\r\n", chunked + "0\r\n\r\n", post + "again"]
        #expect(events(all) == alone(all))
        #expect(events(all).last?.hasSuffix(" again") == true)
    }

    /// Trailers count against the header budget of their own request only: the head kept for the
    /// next request holds the field bytes without them.
    @Test func trailers_doNotShrinkTheNextRepeatsBudget() {
        let head = "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        let request = head + "0\r\nTrailer-Field: 0123456789\r\n\r\n"
        // Field lines (Host, Transfer-Encoding) plus the trailer, terminators included: exactly the limit.
        let limits = HTTPParserLimits(maxHeaderBytes: 9 + 28 + 27)
        #expect(events([request], limits: limits).first != "error")
        #expect(events([request, request, request], limits: limits) == alone([request, request, request], limits: limits))
        #expect(!events([request, request], limits: limits).contains("error"))
    }

    /// The first head arrives with its body (no 100 then), and is kept whole; its repeat alone.
    @Test func aRepeatedExpectation_asksForTheBody() {
        let post = "POST /x HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"
        #expect(events([post + "ok", post, "no"]) == alone([post + "ok"]) + ["100"] + alone([post + "no"]))
        #expect(alone([post + "ok"]).count == 1)
    }

    /// A head that arrives in pieces (its first bytes gone from the buffer by then) is read line by
    /// line and is not kept whole; the next head reads the same either way.
    @Test func headsInPieces_readAsAlone() {
        let half = Self.get.utf8.count / 2
        let first = String(Self.get.prefix(half)), rest = String(Self.get.dropFirst(half))
        #expect(events([Self.get, first, rest, Self.get, Self.get, first, rest]) == alone(Array(repeating: Self.get, count: 5)))
    }

    /// Split at every byte, a line's end included (the consumed lines then leave the buffer
    /// before the rest arrives): each request reads as alone, and so does the repeat after it.
    @Test func aHeadSplitAnywhere_thenRepeated_readsAsAlone() {
        let bytes = Array(Self.get.utf8)
        let expected = alone([Self.get, Self.get, Self.get])
        for split in 1..<bytes.count {
            let first = String(decoding: bytes[..<split], as: UTF8.self), rest = String(decoding: bytes[split...], as: UTF8.self)
            #expect(events([Self.get, first, rest, Self.get]) == expected, "split at \(split)")
        }
    }

    /// Other terminators or empty lines before the request line are other bytes: read line by line.
    @Test func otherBytes_forTheSameHead_readTheSame() {
        let bareLF = Self.get.replacingOccurrences("\r\n", "\n")
        let all = [bareLF, Self.get, bareLF, bareLF, "\r\n" + Self.get, Self.get]
        let read = events(all)
        #expect(read == alone(all))
        #expect(Set(read).count == 1)
    }

    /// An HTTP/1.1 head without Host is refused however often it comes; one with two never passes.
    @Test func aRefusedHead_isRefusedAgain() {
        let noHost = "GET /x HTTP/1.1\r\nX-A: 1\r\n\r\n"
        #expect(events([Self.get, noHost]) == alone([Self.get]) + ["error"])
        let twoHosts = Self.get.replacingOccurrences("Host: a\r\n", "Host: a\r\nHost: a\r\n")
        #expect(events([Self.get, Self.get, twoHosts]) == alone([Self.get, Self.get]) + ["error"])
    }
}

private extension String {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
