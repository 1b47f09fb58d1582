@testable import EmuHTTP
import Testing

/// A connection's `FieldLineCache` copies the lines of fields it wrote before: every answer is
/// the bytes the encoder writes without it, whether its fields are the same array, a changed
/// copy of it, other fields in turn, carry line breaks, managed names, or pass the first try.
@Suite struct FieldLineCacheTests {
    static let date = ResponseHeadTests.date

    /// Encodes `responses` in turn through one cache, after `previous` bytes or in their place.
    static func cached(_ responses: [HTTPResponse], replacing: Bool) -> [String] {
        var fieldLines = FieldLineCache()
        return responses.map { response in
            var out = Array("sent".utf8)
            HTTPResponseEncoder.encode(response, headRequest: false, connection: .persistent, date: date, replacing: replacing,
                                       fieldLines: &fieldLines, into: &out)
            return String(decoding: out, as: UTF8.self)
        }
    }

    static func plain(_ responses: [HTTPResponse], replacing: Bool) -> [String] {
        responses.map { ResponseHeadTests.encoded($0, after: replacing ? [] : Array("sent".utf8)) }
    }

    static let standard: HTTPHeaders = [
        "Content-Type": "application/json;charset=utf-8", "Cache-Control": "no-cache,no-store", "Pragma": "no-cache",
        "Access-Control-Allow-Origin": "*", "Date": "managed", "X-Split": "a\r\nInjected: 1\nb",
    ]

    @Test func sameFields_changedCopies_andOthers_areWrittenAsWithout() {
        var changed = Self.standard
        changed.set("Access-Control-Allow-Origin", "https://example.com")
        var added = Self.standard
        added.add("X-LC-Id", "1")
        let other: HTTPHeaders = ["Content-Type": "text/plain"]
        let sequence = [Self.standard, Self.standard, Self.standard, changed, Self.standard, Self.standard, added, added, added,
                        other, Self.standard, other, other, [:], [:], Self.standard, Self.standard]
        let responses = sequence.enumerated().map { index, headers in
            HTTPResponse(status: index % 3 == 0 ? 200 : 404, headers: headers, body: Array("\(index)".utf8))
        }
        for replacing in [false, true] {
            #expect(Self.cached(responses, replacing: replacing) == Self.plain(responses, replacing: replacing))
        }
        #expect(Self.cached(responses, replacing: true)[2].contains("X-Split: aInjected: 1b\r\n"))
    }

    /// Fields freed while others are made: the cache holds the fields it saw, so none of the new
    /// ones can have their storage and be taken for them.
    @Test func fieldsMadePerAnswer_areNeverMistaken() {
        var fieldLines = FieldLineCache()
        for index in 0..<200 {
            var headers = HTTPHeaders()
            headers.add("X-Index", "\(index)")
            var out: [UInt8] = []
            HTTPResponseEncoder.encode(HTTPResponse(status: 200, headers: headers), headRequest: false, connection: .persistent,
                                       date: Self.date, replacing: true, fieldLines: &fieldLines, into: &out)
            #expect(String(decoding: out, as: UTF8.self).contains("\r\nX-Index: \(index)\r\n"))
        }
    }

    /// Fields whose lines pass the fixed first try are written whole, kept or not.
    @Test func fieldsPastTheFirstTry_areWhole() {
        let long = String(repeating: "v", count: HTTPResponseEncoder.typicalHeadCapacity)
        let headers: HTTPHeaders = ["X-Long": long, "X-After": "1"]
        let responses = (0..<4).map { HTTPResponse(status: 201, headers: headers, body: Array("\($0)".utf8)) }
        #expect(Self.cached(responses, replacing: false) == Self.plain(responses, replacing: false))
        #expect(Self.cached(responses, replacing: true)[3].contains("X-Long: \(long)\r\nX-After: 1\r\n"))
    }
}
