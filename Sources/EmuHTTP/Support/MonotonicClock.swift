#if !canImport(Glibc) && !canImport(Musl)
import Dispatch
#endif
import Primitives

/// Monotonic nanoseconds, for deadlines that must not jump with the wall clock. Every deadline,
/// the sweeper and the event loops' poll window read this one clock.
///
/// On Linux `clock_gettime(CLOCK_MONOTONIC)` itself (`MonotonicTime`, a vDSO call):
/// `DispatchTime.now()` reads the same clock through libdispatch (~100 instructions a call, two
/// per turn of an event loop, issue 31). Elsewhere Dispatch's uptime clock, which the Dispatch
/// timers there are scheduled on.
enum MonotonicClock {
    static func now() -> UInt64 {
        #if canImport(Glibc) || canImport(Musl)
        return MonotonicTime.nanoseconds()
        #else
        return DispatchTime.now().uptimeNanoseconds
        #endif
    }
}

extension Double {
    /// Seconds as nanoseconds, saturating instead of trapping on huge values.
    var nanoseconds: UInt64 {
        guard self > 0 else { return 0 }
        let ns = self * 1_000_000_000
        return ns >= Double(UInt64.max) ? UInt64.max : UInt64(ns)
    }
}
