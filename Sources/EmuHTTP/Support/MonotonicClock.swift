#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
import Dispatch
#endif

/// Monotonic nanoseconds, for deadlines that must not jump with the wall clock. Every deadline,
/// the sweeper and the event loops' poll window read this one clock.
///
/// On Linux `clock_gettime(CLOCK_MONOTONIC)` itself, a vDSO call: `DispatchTime.now()` reads the
/// same clock through libdispatch (~100 instructions a call, two per turn of an event loop,
/// issue 31). Elsewhere Dispatch's uptime clock.
enum MonotonicClock {
    static func now() -> UInt64 {
        #if canImport(Glibc) || canImport(Musl)
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
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
