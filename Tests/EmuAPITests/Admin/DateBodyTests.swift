import Dispatch
@testable import EmuTools
import LCWire
import Primitives
import Testing

/// `GET /1.1/date`'s body from the text kept for its second (DateBody): always the bytes of
/// `LCDate.json` serialized, whichever second was kept before, from any thread.
@Suite struct DateBodyTests {
    static func expected(_ milliseconds: Int64) -> String { LCDate(millisecondsSince1970: milliseconds).json.jsonString }

    static func text(_ body: DateBody, _ milliseconds: Int64) -> String {
        String(decoding: body.body(milliseconds: milliseconds), as: UTF8.self)
    }

    /// Each instant twice: formatted (and kept), then from the kept text.
    @Test(arguments: [
        Int64(1_435_541_975_931), 0, 1, 999, 1000, -1, -999, -1000, -1001, 253_402_300_799_999,
        253_402_300_800_000, -62_167_219_200_000, -62_167_219_200_001, 1_796_000_000_000,
    ])
    func body_isTheDatesJSON_formattedOrKept(milliseconds: Int64) {
        let body = DateBody()
        #expect(Self.text(body, milliseconds) == Self.expected(milliseconds))
        #expect(Self.text(body, milliseconds) == Self.expected(milliseconds))
    }

    /// A clock that moves within a second, to the next, back a day, forward a year, pinned:
    /// each answer is its own instant's, never the kept second's.
    @Test func body_followsEveryMove_neverTheKeptSecond() {
        let body = DateBody()
        let start: Int64 = 1_796_000_000_123
        for delta: Int64 in [0, 1, 876, 877, 1000, -1, -86_400_000, 31_536_000_000, 5, 5, 999_999, 0, -start - 1] {
            let milliseconds = start + delta
            #expect(Self.text(body, milliseconds) == Self.expected(milliseconds), "\(milliseconds)")
        }
    }

    /// Event loops share it without a lock: threads asking for different seconds at once still
    /// each get their own instant.
    @Test func body_fromManyThreads_isEachInstants() {
        let body = DateBody()
        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 0..<3_000 {
                let milliseconds = 1_796_000_000_000 + Int64(thread % 4) * 1000 + Int64(step % 7) * 137 + Int64(step / 500) * 86_400_000
                if Self.text(body, milliseconds) != Self.expected(milliseconds) { failures.withValue { $0 += 1 } }
            }
        }
        #expect(failures.current == 0)
    }
}
