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
///
/// Every request reads it two or three times, from every event loop: reads take no lock. The
/// clock is either pinned to an instant (`pinned`) or runs as wall time plus `offset`; changes,
/// rare, are made one at a time under `changes`, and a change back to running time writes the
/// offset before it unpins, so a read never pairs a new mode with an old offset.
public final class EmulatorClock: Sendable {
    /// The pinned instant, or `running` while the clock follows wall time.
    private let pinned = AtomicInteger(EmulatorClock.running)
    private let offset = AtomicInteger(0)
    private let changes = Lock()
    private static let running = Int.min

    public init() {}

    /// Current emulator time in milliseconds since 1970.
    public var nowMilliseconds: Int64 {
        let instant = pinned.load()
        if instant != Self.running { return Int64(instant) }
        return Self.wallClockMilliseconds() + Int64(offset.load())
    }

    /// Current emulator time as a LeanCloud date.
    public var now: LCDate { LCDate(millisecondsSince1970: nowMilliseconds) }

    /// Moves the clock forward (or back, with a negative amount).
    public func advance(milliseconds: Int64) {
        changes.withLock {
            let instant = pinned.load()
            if instant != Self.running {
                pin(Int64(instant) + milliseconds)
            } else {
                offset.store(Int(Int64(offset.load()) + milliseconds))
            }
        }
    }

    /// Pins the clock to an instant; it then stands still until advanced or reset.
    public func set(milliseconds: Int64) { changes.withLock { pin(milliseconds) } }

    /// How the clock runs: `fixed` (pinned by `set`) or not, and the offset from wall time in ms.
    public var state: (fixed: Bool, offsetMilliseconds: Int64) {
        changes.withLock {
            let instant = pinned.load()
            if instant != Self.running { return (true, Int64(instant) - Self.wallClockMilliseconds()) }
            return (false, Int64(offset.load()))
        }
    }

    /// Back to real time.
    public func reset() {
        changes.withLock {
            offset.store(0)
            pinned.store(Self.running)
        }
    }

    /// Pins at `milliseconds`; the one instant that means "running" is moved by a millisecond.
    private func pin(_ milliseconds: Int64) {
        pinned.store(max(Int(milliseconds), Self.running + 1))
    }

    /// The system's real-time clock, read directly: every request reads the clock two or three
    /// times, and `Date` converted it through floating point on each.
    static func wallClockMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
