#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's standard output and error as file descriptors, written unbuffered. C's `stdout`
/// and `stderr` are global `var`s that Swift 6 counts as shared mutable state; a descriptor is not.
public struct StandardStream: Sendable {
    public let descriptor: Int32

    public static let output = StandardStream(descriptor: 1)
    public static let error = StandardStream(descriptor: 2)

    /// Writes all of `text` at once (one `write` unless the pipe takes it in parts), so lines
    /// from several threads do not interleave mid-line and a reader of a pipe sees them at once.
    public func write(_ text: String) {
        write(bytes: Array(text.utf8))
    }

    /// Writes all of `bytes`, as `write(_:)` does text.
    public func write(bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                posixWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }  // a closed stream: nothing more to do
            offset += written
        }
    }
}

/// `write(2)`, named apart from `StandardStream.write` so the call inside it is not recursive.
private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
