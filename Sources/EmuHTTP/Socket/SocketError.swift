#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed socket system call, with the call's name and `errno`.
public struct SocketError: Error, CustomStringConvertible, Sendable {
    public let operation: String
    public let code: Int32

    /// Captures the current `errno` unless a code is given.
    init(_ operation: String, errno given: Int32? = nil) {
        self.operation = operation
        self.code = given ?? errno
    }

    public var description: String {
        code == 0 ? operation : "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
    }
}
