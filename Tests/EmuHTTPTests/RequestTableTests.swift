import EmuHTTP
import Testing

/// Every table row, fed whole, byte by byte and in seeded random splits.
@Suite("Request table")
struct RequestTableTests {
    static let rows = ParserCase.valid + ParserCase.malformed + ParserCase.limitRows

    @Test(arguments: rows, FeedStyle.allCases)
    func tableRow_givesItsOutcome_howeverItIsFed(row: ParserCase, style: FeedStyle) {
        let result = transcript(of: row.raw, fed: style, limits: row.limits)
        switch row.outcome {
        case .request(let expected):
            #expect(result.failureStatus == nil)
            #expect(result.requests.count == 1)
            if let request = result.requests.first { expected.verify(request) }
            #expect(result.finalPhase == .idle)
        case .failure(let status):
            #expect(result.failureStatus == status)
            #expect(result.requests.isEmpty)
        }
    }

    @Test(arguments: rows)
    func tableRow_givesTheSameTranscript_inEveryFeedStyle(row: ParserCase) {
        let whole = transcript(of: row.raw, fed: .whole, limits: row.limits).withoutContinue
        for style in FeedStyle.allCases.dropFirst() {
            let other = transcript(of: row.raw, fed: style, limits: row.limits).withoutContinue
            #expect(other.events == whole.events, "\(style.testDescription)")
        }
    }

    @Test func table_hasEnoughRows() {
        #expect(Self.rows.count >= 40)
        #expect(Set(Self.rows.map(\.name)).count == Self.rows.count, "row names are unique")
    }

    @Test(arguments: ParserCase.malformed + ParserCase.limitRows.filter {
        if case .failure = $0.outcome { true } else { false }
    })
    func parser_staysPoisoned_afterAnError(row: ParserCase) {
        var parser = HTTPRequestParser(limits: row.limits)
        parser.append(contentsOf: row.raw)
        var first: HTTPParseError?
        do {
            while try parser.next() != nil {}
        } catch {
            first = error as? HTTPParseError
        }
        guard let first else {
            Issue.record("no error was thrown")
            return
        }
        parser.append(contentsOf: bytes("GET / HTTP/1.1\r\nHost: a\r\n\r\n"))
        for _ in 0..<2 {
            #expect(throws: first) { try parser.next() }
        }
    }
}
