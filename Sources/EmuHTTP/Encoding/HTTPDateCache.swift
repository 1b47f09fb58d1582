#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Primitives

/// The IMF-fixdate for the `Date` header (RFC 9110 §5.6.7), formatted once per second.
public enum HTTPDateCache {
    private static let cache = Locked<(second: Int, bytes: [UInt8])>((-1, []))
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The current date, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`, as bytes.
    public static func current() -> [UInt8] {
        let now = time(nil)
        return cache.withValue { entry in
            if entry.second != now {
                entry = (now, Array(format(now).utf8))
            }
            return entry.bytes
        }
    }

    static func format(_ seconds: time_t) -> String {
        var t = seconds
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(1900 + parts.tm_year) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}

/// One connection's copy of the `Date` value, formatted again when the second changes: no lock
/// shared between the threads that answer.
struct HTTPDateStamp {
    private var second: time_t = -1
    private var bytes: [UInt8] = []

    mutating func current() -> [UInt8] {
        let now = time(nil)
        if now != second {
            second = now
            bytes = Array(HTTPDateCache.format(now).utf8)
        }
        return bytes
    }
}
