import Foundation

extension LCURLSessionTransport {
    /// The longest wait the transport arms: one year. Anything longer (a huge value, `.infinity`,
    /// NaN) means "no timeout" and is clamped here, because converting it to whole nanoseconds or
    /// milliseconds would trap (`UInt64(.infinity)`) in this transport or in FoundationNetworking.
    static let longestTimeout: TimeInterval = 365 * 24 * 3600

    /// The timeout the transport enforces for a request's `timeout`: nil for none (`.infinity`,
    /// NaN, or more than `longestTimeout`), 0 for zero or negative values, else the value.
    static func enforcedTimeout(_ timeout: TimeInterval) -> TimeInterval? {
        guard !timeout.isNaN, timeout <= longestTimeout else { return nil }
        return max(timeout, 0)
    }

    /// The timer's wait in nanoseconds, nil for no timer. Always representable: at most one
    /// year (about 3.2e16 ns, far below `UInt64.max`).
    static func timeoutNanoseconds(_ timeout: TimeInterval) -> UInt64? {
        enforcedTimeout(timeout).map { UInt64(($0 * 1_000_000_000).rounded(.up)) }
    }

    /// What `URLRequest.timeoutInterval` gets: always finite (FoundationNetworking turns it into
    /// whole milliseconds), `longestTimeout` when there is no timeout.
    static func urlRequestTimeout(_ timeout: TimeInterval) -> TimeInterval {
        enforcedTimeout(timeout) ?? longestTimeout
    }
}
