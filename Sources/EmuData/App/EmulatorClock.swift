#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LCWire
import Primitives

/// The emulator's one notion of "now". Every expiry reads it, so a test can move time forward
/// (or pin it) and cross an expiry in milliseconds instead of waiting.
public final class EmulatorClock: Sendable {
    private enum Mode { case real(offsetMs: Int64), fixed(ms: Int64) }
    private let mode = Locked<Mode>(.real(offsetMs: 0))

    public init() {}

    /// Current emulator time in milliseconds since 1970.
    public var nowMilliseconds: Int64 {
        switch mode.current {
        case .real(let offset): return Self.wallClockMilliseconds() + offset
        case .fixed(let ms): return ms
        }
    }

    /// Current emulator time as a LeanCloud date.
    public var now: LCDate { LCDate(millisecondsSince1970: nowMilliseconds) }

    /// Moves the clock forward (or back, with a negative amount).
    public func advance(milliseconds: Int64) {
        mode.withValue { mode in
            switch mode {
            case .real(let offset): mode = .real(offsetMs: offset + milliseconds)
            case .fixed(let ms): mode = .fixed(ms: ms + milliseconds)
            }
        }
    }

    /// Pins the clock to an instant; it then stands still until advanced or reset.
    public func set(milliseconds: Int64) { mode.withValue { $0 = .fixed(ms: milliseconds) } }

    /// How the clock runs: `fixed` (pinned by `set`) or not, and the offset from wall time in ms.
    public var state: (fixed: Bool, offsetMilliseconds: Int64) {
        switch mode.current {
        case .real(let offset): return (false, offset)
        case .fixed(let ms): return (true, ms - Self.wallClockMilliseconds())
        }
    }

    /// Back to real time.
    public func reset() { mode.withValue { $0 = .real(offsetMs: 0) } }

    /// The system's real-time clock, read directly: every request reads the clock two or three
    /// times, and `Date` converted it through floating point on each.
    static func wallClockMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
