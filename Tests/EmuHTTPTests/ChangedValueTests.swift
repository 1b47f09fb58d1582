import EmuHTTP
import Primitives
import Testing

/// A head that repeats the previous one but for one field's value (a new `X-LC-Sign` on every
/// request) reads the rest of that head at once (`HTTPRequestParser.repeatHeadButChangedValues`); it
/// must read exactly as it does alone: the same line, fields, framing, errors and limits,
/// whatever changed, and however the bytes arrive.
@Suite("Heads with one value changed")
struct ChangedValueTests {
    static let head = "GET /1.1/date HTTP/1.1\r\nHost: a\r\nAccept-Encoding: identity\r\nX-LC-Id: app\r\n"
        + "X-LC-Sign: 0123456789abcdef0123456789abcdef,1700000000000\r\n\r\n"

    static func signed(_ stamp: String, _ head: String = head) -> String {
        head.replacingOccurrences("1700000000000", stamp)
    }

    /// The events of `requests` fed to one parser, one piece each (or all in one read).
    static func together(_ requests: [[UInt8]], inOneRead: Bool = false, limits: HTTPParserLimits = HTTPParserLimits()) -> Transcript {
        transcript(of: inOneRead ? [Array(requests.joined())] : requests, limits: limits).withoutPhase
    }

    static func together(_ requests: [String], inOneRead: Bool = false, limits: HTTPParserLimits = HTTPParserLimits()) -> Transcript {
        together(requests.map { bytes($0) }, inOneRead: inOneRead, limits: limits)
    }

    /// The events of each request read by a parser of its own, up to the first failure.
    static func alone(_ requests: [[UInt8]], limits: HTTPParserLimits = HTTPParserLimits()) -> Transcript {
        var all = Transcript()
        for request in requests {
            all.events += transcript(of: [request], limits: limits).events
            if all.failureStatus != nil { break }
        }
        return all.withoutPhase
    }

    static func alone(_ requests: [String], limits: HTTPParserLimits = HTTPParserLimits()) -> Transcript {
        alone(requests.map { bytes($0) }, limits: limits)
    }

    @Test func resignedHeads_readAsAlone_oneAReadOrAllInOne() {
        let all = [Self.head, Self.signed("1700000000001"), Self.signed("1700000000002"), Self.signed("1700000000002"),
                   Self.signed("17"), Self.signed("1700000000000000000000"), Self.head]
        #expect(Self.together(all) == Self.alone(all))
        #expect(Self.together(all, inOneRead: true) == Self.alone(all))
        #expect(Self.alone(all).requests.count == all.count)
    }

    /// A new sign of the same length is written over the kept head in place: what follows it
    /// (its whole repeat, an earlier head, another new sign) reads as alone.
    @Test func sameLengthSigns_keepTheKeptHeadRight() {
        let all = [Self.head, Self.signed("1700000000001"), Self.signed("1700000000001"), Self.head,
                   Self.signed("1700000000002"), Self.signed("1700000000003"), Self.signed("1700000000003"),
                   Self.signed("1700000000001"), Self.head]
        #expect(Self.together(all) == Self.alone(all))
        #expect(Self.together(all, inOneRead: true) == Self.alone(all))
        #expect(Self.alone(all).requests.count == all.count)
    }

    /// A client that sends a request id beside its sign changes two values a request
    /// (`changedValues`): in any order, of any length, with the second refused, a third
    /// changed or a name changed, every head reads as alone.
    @Test func twoChangedValues_readAsAlone() {
        let withId = Self.head.replacingOccurrences("X-LC-Id: app\r\n", "X-LC-Id: app\r\nX-Request-Id: 0001\r\n")
        func both(_ stamp: String, _ id: String) -> String {
            Self.signed(stamp, withId).replacingOccurrences("X-Request-Id: 0001", "X-Request-Id: \(id)")
        }
        let all = [withId, both("1700000000001", "0002"), both("1700000000002", "0003"), both("1700000000002", "0003"),
                   both("1700000000003", "04"), both("17", "0000000005"), both("1700000000004", ""),
                   both("1700000000005", "\u{e9}"), both("1700000000006", "06"),
                   both("1700000000007", "07").replacingOccurrences("Host: a", "Host: b"),
                   both("1700000000008", "08").replacingOccurrences("identity", "gzip"),
                   both("1700000000009", "09").replacingOccurrences("X-Request-Id", "X-Request-Ie"),
                   both("1700000000010", "1\u{0}0"), both("1700000000011", "11"),
                   both("1700000000012", "12\n"), both("1700000000013", "13"), withId]
        #expect(Self.together(all) == Self.alone(all))
        #expect(Self.together(all, inOneRead: true) == Self.alone(all))
        let accepted = Array(all[..<12]) + [both("1700000000011", "11"), both("1700000000012", "12")]
        #expect(Self.alone(accepted).requests.count == accepted.count)
    }

    /// The changed field first, in the middle or last; its value emptied, spaced or with obs-text.
    @Test func anyFieldsValue_changedAnyHow_readsAsAlone() {
        for changed in [("Accept-Encoding: identity", "Accept-Encoding: gzip"), ("X-LC-Id: app", "X-LC-Id: other-app"),
                        ("X-LC-Id: app", "X-LC-Id:"), ("X-LC-Id: app", "X-LC-Id:  app \t"), ("X-LC-Id: app", "X-LC-Id: \u{e9}t\u{e9}"),
                        ("Host: a", "Host: b"), ("1700000000000", "1700000000000  "), ("1700000000000\r\n", "1700000000000\n")] {
            let other = Self.head.replacingOccurrences(changed.0, changed.1)
            let all = [Self.head, other, Self.signed("1"), other, other]
            #expect(Self.together(all) == Self.alone(all), "\(changed)")
        }
    }

    /// A new value the grammar refuses is refused; a changed name, a second changed line, or a
    /// line added or taken away is read line by line.
    @Test func refusedValues_andOtherChanges_readAsAlone() {
        let changes = [("1700000000000", "17\u{0}0"), ("1700000000000", "17\r00"), ("1700000000000", "17\u{7F}"),
                       ("X-LC-Sign:", "X-LC-Sigm:"), ("X-LC-Sign:", "X-LC-Sign :"), ("app\r\n", "app2\r\n"),
                       ("1700000000000\r\n", "1700000000001\r\n folded\r\n"), ("1700000000000\r\n", "1\r\nX-More: 1\r\n"),
                       ("1700000000000\r\n\r\n", "1\r\n\r\n\r\n"), ("X-LC-Id: app\r\n", ""), ("1700000000000\r\n", "1\r\nHost: a\r\n")]
        for changed in changes {
            let other = Self.head.replacingOccurrences(changed.0, changed.1).replacingOccurrences("0123", "9876")
            let all = [Self.head, other, Self.head]
            #expect(Self.together(all) == Self.alone(all), "\(changed)")
            #expect(Self.together(all, inOneRead: true) == Self.alone(all), "\(changed)")
        }
    }

    /// The fields the parser acts on are read anew when their value changes: framing and Expect.
    @Test func framingFields_changed_frameTheirOwnBodies() {
        let post = "POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nX-LC-Sign: 1\r\n\r\n"
        let chunked = post.replacingOccurrences("Content-Length: 5", "Transfer-Encoding: chunked")
        let expect = post.replacingOccurrences("X-LC-Sign: 1", "Expect: 100-continue")
        let all = [post + "hello", post.replacingOccurrences("Sign: 1", "Sign: 2") + "world",
                   post.replacingOccurrences("Length: 5", "Length: 2") + "ok", chunked + "2\r\nhi\r\n0\r\n\r\n",
                   chunked.replacingOccurrences("chunked", "gzip"), expect + "hello", expect.replacingOccurrences("100-", "200-") + "hello"]
        for end in 1...all.count {
            #expect(Self.together(Array(all[..<end])) == Self.alone(Array(all[..<end])))
            #expect(Self.together(Array(all[..<end]), inOneRead: true) == Self.alone(Array(all[..<end])))
        }
    }

    /// A longer value that passes the header limit is refused with 431, as alone; one exactly at it passes.
    @Test func theHeaderLimit_holdsForTheChangedValue() {
        let fieldBytes = Self.head.utf8.count - "GET /1.1/date HTTP/1.1\r\n".utf8.count - 2
        let limits = HTTPParserLimits(maxHeaderBytes: fieldBytes + 3)
        let atLimit = Self.signed("1700000000000123"), over = Self.signed("17000000000001234")
        #expect(Self.alone([atLimit], limits: limits).requests.count == 1)
        #expect(Self.alone([over], limits: limits).failureStatus == 431)
        for all in [[Self.head, atLimit, Self.head, over], [Self.head, Self.signed("1"), over]] {
            #expect(Self.together(all, limits: limits) == Self.alone(all, limits: limits))
        }
    }

    /// A re-signed head split at every byte, after a kept head, then re-signed again.
    @Test func aResignedHead_splitAnywhere_readsAsAlone() {
        let resigned = Array(Self.signed("1700000000001").utf8)
        let expected = Self.alone([Self.head, Self.signed("1700000000001"), Self.signed("1700000000002")])
        for split in 1..<resigned.count {
            let pieces = [bytes(Self.head), Array(resigned[..<split]), Array(resigned[split...]), bytes(Self.signed("1700000000002"))]
            #expect(transcript(of: pieces).withoutPhase == expected, "split at \(split)")
        }
    }

    /// Random edits of a kept head's bytes, after it and before its repeat: whatever the edit, a
    /// head that is whole alone (one request, or refused) reads as a parser of its own reads it.
    @Test func randomEdits_readAsAlone() {
        var random = SeededRandom(seed: 31)
        let base = Array(Self.head.utf8)
        let alphabet: [UInt8] = [13, 10, 0, 9, 32, 58, 44, 0x7F, 0xC3, 0x41, 0x61, 0x30]
        for _ in 0..<3_000 {
            var edited = base
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                let at = Int.random(in: 0..<edited.count, using: &random)
                let byte = alphabet.randomElement(using: &random)!
                switch Int.random(in: 0..<3, using: &random) {
                case 0: edited[at] = byte
                case 1: edited.insert(byte, at: at)
                default: edited.remove(at: at)
                }
            }
            let alone = transcript(of: [edited])
            guard alone.failureStatus != nil || (alone.requests.count == 1 && alone.finalPhase == .idle) else { continue }
            let all = [base, edited, bytes(Self.signed("2")), edited]
            #expect(Self.together(all) == Self.alone(all), "\(edited)")
            #expect(Self.together(all, inOneRead: true) == Self.alone(all), "\(edited)")
        }
    }
}

private extension Transcript {
    /// The events alone: a parser that read more than one request ends in another phase.
    var withoutPhase: Transcript { Transcript(events: events, finalPhase: .idle) }
}

private extension String {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
