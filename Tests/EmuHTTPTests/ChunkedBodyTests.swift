import EmuHTTP
import Testing
import Primitives

/// Chunked request bodies (RFC 9112 §7.1) beyond what a table row can show.
@Suite("Chunked bodies")
struct ChunkedBodyTests {
    static let head = "POST /files HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"

    @Test func chunkedBody_withTrailers_isDecoded_andTrailersAreDropped() {
        let raw = Self.head + "4\r\nwiki\r\n5;x=1\r\npedia\r\n0\r\nX-Checksum: abc\r\nExpires: never\r\n\r\n"
        let result = transcript(of: [bytes(raw)])
        #expect(result.requests.first?.body == bytes("wikipedia"))
        #expect(result.requests.first?.headers == [Field("Host", "a"), Field("Transfer-Encoding", "chunked")])
    }

    @Test(arguments: FeedStyle.allCases)
    func largeChunks_fedInPieces_areDecodedExactly(style: FeedStyle) {
        var generator = SeededRandom(seed: 5)
        let sizes = [1, 0x10, 0x1000, 40_000, 3]
        var expected: [UInt8] = []
        var raw = bytes(Self.head)
        for size in sizes {
            let chunk = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            expected += chunk
            raw += bytes(String(size, radix: 16) + "\r\n") + chunk + bytes("\r\n")
        }
        raw += bytes("0\r\n\r\n")
        let result = transcript(of: raw, fed: style)
        #expect(result.failureStatus == nil)
        #expect(result.requests.count == 1)
        #expect(result.requests.first?.body == expected)
    }

    @Test(arguments: FeedStyle.allCases)
    func chunkDataThatLooksLikeFraming_isTakenAsData(style: FeedStyle) {
        // The 7 data bytes spell a CRLF, a last chunk and an empty line.
        let raw = Self.head + "7\r\n\r\n0\r\n\r\n\r\n0\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n"
        let result = transcript(of: bytes(raw), fed: style)
        #expect(result.failureStatus == nil)
        #expect(result.requests.map(\.body) == [bytes("\r\n0\r\n\r\n"), []])
    }

    @Test func secondChunkedRequest_startsFromAFreshDecoder() {
        let one = Self.head + "3\r\nabc\r\n0\r\n\r\n"
        let result = transcript(of: bytes(one + one), fed: .randomSplits(seed: 3))
        #expect(result.requests.map(\.body) == [bytes("abc"), bytes("abc")])
    }

    @Test(arguments: ["0\r\n\r\n", "000\r\n\r\n", "0;a=b\r\n\r\n", "0\r\nX: y\r\n\r\n"])
    func lastChunkForms_giveAnEmptyBody(body: String) {
        let result = transcript(of: bytes(Self.head + body), fed: .byteByByte)
        #expect(result.requests.count == 1)
        #expect(result.requests.first?.body == [])
    }
}
