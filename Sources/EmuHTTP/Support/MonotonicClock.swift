import Dispatch

/// Monotonic nanoseconds, for deadlines that must not jump with the wall clock.
enum MonotonicClock {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}

extension Double {
    /// Seconds as nanoseconds, saturating instead of trapping on huge values.
    var nanoseconds: UInt64 {
        guard self > 0 else { return 0 }
        let ns = self * 1_000_000_000
        return ns >= Double(UInt64.max) ? UInt64.max : UInt64(ns)
    }
}
