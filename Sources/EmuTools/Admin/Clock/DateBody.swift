import LCWire
import Primitives

/// The body of `GET /1.1/date` for an instant: `{"__type":"Date","iso":"2026-11-29T04:05:06.789Z"}`,
/// the same bytes as `LCDate.json` serialized.
///
/// Every request of a second shares all but the milliseconds, so the text up to the seconds is
/// kept, for the last second asked: a request of that second copies it and writes five bytes
/// (`.789Z`), where formatting the date (the calendar arithmetic, the digits) and growing a
/// serializer's buffer cost ~900 instructions per request (issue 31). The text kept is a pure
/// function of the second it is kept for, and each request reads the emulator clock itself:
/// a clock pinned, offset or moved by `/__admin/clock` is never answered with a stale date.
///
/// Shared by the event loops without a lock: a sequence lock (its version odd while a writer
/// changes the words; a reader that saw it odd, or changed, formats the date itself). Writers,
/// once a second, take turns under a lock of their own.
final class DateBody: Sendable {
    /// Every date's body, for every app: the text kept depends on nothing else.
    static let shared = DateBody()

    /// Bumped to odd before the words change and to even after.
    private let version = AtomicInteger(0)
    /// The second (since 1970) whose text the words hold; `Int.min` for none.
    private let second = AtomicInteger(Int.min)
    /// `YYYY-MM-DDTHH:MM:SS` (19 bytes) in three machine words, in memory order.
    private let words = (AtomicInteger(0), AtomicInteger(0), AtomicInteger(0))
    /// Held by a writer of the words.
    private let writing = Lock()

    /// `{"__type":"Date","iso":"` (24 bytes).
    private static let head = Array(#"{"__type":"Date","iso":""#.utf8)
    /// `head` as three machine words, in memory order.
    private static let headWords = head.withUnsafeBytes { bytes in
        (bytes.loadUnaligned(fromByteOffset: 0, as: Int.self), bytes.loadUnaligned(fromByteOffset: 8, as: Int.self),
         bytes.loadUnaligned(fromByteOffset: 16, as: Int.self))
    }
    /// Head, the second's text, `.mmmZ`, `"}`.
    private static let length = 50

    /// The body for `milliseconds` since 1970.
    func body(milliseconds: Int64) -> [UInt8] {
        let (seconds, millisecond) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        // Before 1970 the second begins earlier: floor, as the calendar does.
        let (floorSecond, fraction) = millisecond < 0 ? (seconds - 1, millisecond + 1000) : (seconds, millisecond)
        // The words are 64-bit (every platform the server runs on): else no text is kept.
        if Int.bitWidth == 64, let kept = kept(second: Int(floorSecond)) { return Self.assemble(kept, fraction: Int(fraction)) }
        let iso = LCDate(millisecondsSince1970: milliseconds).iso
        let body = Self.head + Array(iso.utf8) + [UInt8(ascii: "\""), UInt8(ascii: "}")]
        // A four-digit year: the text has the fixed shape the words hold (an expanded year,
        // `+010000-…`, does not, and is formatted each time).
        if Int.bitWidth == 64, body.count == Self.length { keep(Array(iso.utf8.prefix(19)), second: Int(floorSecond)) }
        return body
    }

    /// The words of `second`'s text when they are kept, read whole (no writer between).
    private func kept(second wanted: Int) -> (Int, Int, Int)? {
        let before = version.load()
        guard before & 1 == 0, second.load() == wanted else { return nil }
        let text = (words.0.load(), words.1.load(), words.2.load())
        guard version.load() == before else { return nil }
        return text
    }

    /// Keeps `text` (19 bytes) as `second`'s. Writers take turns (once a second, at most one per
    /// event loop); readers never wait for them.
    private func keep(_ text: [UInt8], second kept: Int) {
        let padded = text + [UInt8](repeating: 0, count: 24 - text.count)
        writing.withLock {
            version.add(1)
            padded.withUnsafeBytes { bytes in
                words.0.store(bytes.loadUnaligned(fromByteOffset: 0, as: Int.self))
                words.1.store(bytes.loadUnaligned(fromByteOffset: 8, as: Int.self))
                words.2.store(bytes.loadUnaligned(fromByteOffset: 16, as: Int.self))
            }
            second.store(kept)
            version.add(1)
        }
    }

    /// Head, the kept text, then the milliseconds: written on the stack, then copied into an
    /// array of their size. `Array(unsafeUninitializedCapacity:)` and `Array(repeating:count:)`
    /// allocated through the standard library's unspecialised path (~580 instructions, the
    /// array type's metadata looked up each time); an array made from a buffer does not.
    private static func assemble(_ text: (Int, Int, Int), fraction: Int) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer in
            let bytes = UnsafeMutableRawBufferPointer(buffer)
            let head = headWords
            bytes.storeBytes(of: head.0, toByteOffset: 0, as: Int.self)
            bytes.storeBytes(of: head.1, toByteOffset: 8, as: Int.self)
            bytes.storeBytes(of: head.2, toByteOffset: 16, as: Int.self)
            bytes.storeBytes(of: text.0, toByteOffset: 24, as: Int.self)
            bytes.storeBytes(of: text.1, toByteOffset: 32, as: Int.self)
            bytes.storeBytes(of: text.2, toByteOffset: 40, as: Int.self)
            // Over the words' last five bytes (their padding): `.mmmZ"}`.
            buffer[43] = UInt8(ascii: ".")
            buffer[44] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction / 100)
            buffer[45] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction / 10 % 10)
            buffer[46] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction % 10)
            buffer[47] = UInt8(ascii: "Z")
            buffer[48] = UInt8(ascii: "\"")
            buffer[49] = UInt8(ascii: "}")
            return Array(UnsafeBufferPointer(buffer))
        }
    }
}
