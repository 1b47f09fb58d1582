import EmuHTTP
import Testing
import Primitives

/// Seeded random and mutated inputs: the parser must never trap, and must reach the same
/// outcome however the bytes are split.
@Suite("Robustness")
struct RobustnessTests {
    /// Bytes that steer a parser into its less travelled paths.
    static let interesting: [UInt8] = Array("\r\n :;=%+0Ff9\"\\\t,&?/*".utf8) + [0x00, 0x7F, 0x80, 0xFF]

    static let limitsChoices = [
        HTTPParserLimits(),
        HTTPParserLimits(maxRequestLineBytes: 24, maxHeaderBytes: 48, maxBodyBytes: 8),
        HTTPParserLimits(maxRequestLineBytes: 0, maxHeaderBytes: 0, maxBodyBytes: 0),
    ]

    static func mutate(_ input: [UInt8], using generator: inout SeededRandom) -> [UInt8] {
        var output = input
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let position = output.isEmpty ? 0 : Int.random(in: 0..<output.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0 where !output.isEmpty:
                output[position] = UInt8.random(in: 0...255, using: &generator)
            case 1:
                output.insert(interesting.randomElement(using: &generator)!, at: position)
            case 2 where !output.isEmpty:
                output.remove(at: position)
            case 3 where !output.isEmpty:
                let end = min(output.count, position + Int.random(in: 1...16, using: &generator))
                output.insert(contentsOf: output[position..<end], at: position)
            case 4:
                output = Array(output[..<position])
            default:
                output[position...].reverse()
            }
        }
        return output
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func mutatedRequests_neverCrash_andAgreeAcrossFeedStyles(seed: UInt64) {
        let seeds = RequestTableTests.rows.map(\.raw) + [bytes(PipeliningTests.get + PipeliningTests.chunkedPost)]
        var generator = SeededRandom(seed: seed)
        for _ in 0..<500 {
            let input = Self.mutate(seeds.randomElement(using: &generator)!, using: &generator)
            let limits = Self.limitsChoices.randomElement(using: &generator)!
            let whole = transcript(of: input, fed: .whole, limits: limits).withoutContinue
            let styles: [FeedStyle] = [.byteByByte, .randomSplits(seed: generator.next())]
            for style in styles {
                let other = transcript(of: input, fed: style, limits: limits).withoutContinue
                #expect(other.events == whole.events, "input \(input) fed \(style.testDescription)")
            }
        }
    }

    @Test(arguments: [UInt64(10), 11])
    func randomBytes_neverCrash(seed: UInt64) {
        var generator = SeededRandom(seed: seed)
        for _ in 0..<1000 {
            let length = Int.random(in: 0...200, using: &generator)
            let input = (0..<length).map { _ in
                Bool.random(using: &generator)
                    ? Self.interesting.randomElement(using: &generator)!
                    : UInt8.random(in: 0...255, using: &generator)
            }
            let limits = Self.limitsChoices.randomElement(using: &generator)!
            let result = transcript(of: input, fed: .randomSplits(seed: generator.next()), limits: limits)
            #expect(result.events.count <= length + 1)
        }
    }

    @Test func randomTokensAfterAValidPrefix_neverCrash() {
        // A valid head followed by random chunked framing exercises the body decoder.
        var generator = SeededRandom(seed: 77)
        let prefix = bytes("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n")
        for _ in 0..<1000 {
            let body = (0..<Int.random(in: 0...60, using: &generator)).map { _ in
                Self.interesting.randomElement(using: &generator)!
            }
            let whole = transcript(of: prefix + body, fed: .whole)
            let split = transcript(of: prefix + body, fed: .byteByByte)
            #expect(whole.events == split.events)
        }
    }

    @Test func extremeLimits_neverCrash() {
        let raw = bytes("\r\nPOST /a HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc"
            + "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\nX: y\r\n\r\n")
        let extremes = [
            HTTPParserLimits(maxRequestLineBytes: .max, maxHeaderBytes: .max, maxBodyBytes: .max),
            HTTPParserLimits(maxRequestLineBytes: -1, maxHeaderBytes: -1, maxBodyBytes: -1),
            HTTPParserLimits(maxRequestLineBytes: .min, maxHeaderBytes: .min, maxBodyBytes: .min),
            HTTPParserLimits(maxRequestLineBytes: .max, maxHeaderBytes: .min, maxBodyBytes: .min),
            HTTPParserLimits(maxRequestLineBytes: .max, maxHeaderBytes: .max, maxBodyBytes: .min),
        ]
        for limits in extremes {
            for style in FeedStyle.allCases {
                _ = transcript(of: raw, fed: style, limits: limits)
            }
        }
        #expect(transcript(of: raw, fed: .whole, limits: extremes[0]).requests.count == 2)
    }
}
