#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Primitives

/// Log verbosity, most verbose first.
public enum LogLevel: String, CaseIterable, Comparable, Sendable {
    case trace, debug, info, notice, warning, error, critical

    public static func < (a: LogLevel, b: LogLevel) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A small thread-safe logger writing one line per message to standard error.
/// Callers never pass secrets (keys, passwords, tokens) to it.
public struct Logger: Sendable {
    public let level: LogLevel
    private static let output = Lock()

    public init(level: LogLevel) { self.level = level }

    public func log(_ messageLevel: LogLevel, _ message: @autoclosure () -> String) {
        guard messageLevel >= level else { return }
        let line = "[\(messageLevel.rawValue)] \(message())\n"
        Logger.output.withLock { StandardStream.error.write(line) }
    }

    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
}
