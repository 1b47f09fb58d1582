#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds of the system's monotonic clock (`CLOCK_MONOTONIC`), which never jumps with the
/// wall clock: for durations, read twice and subtracted. Only its differences mean anything.
///
/// Read directly rather than through `DispatchTime.now()`, which goes through libdispatch's
/// `dispatch_time` (~130 instructions against ~20 for the clock itself, a vDSO call on Linux):
/// the pipeline reads it twice on every request, for the journal's timing (issue 31).
public enum MonotonicTime {
    /// The clock now, in nanoseconds from an arbitrary start (the boot, on Linux).
    @inlinable
    public static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }
}
