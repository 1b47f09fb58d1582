/// A value protected by a `Lock`.
// @unchecked: `value` is reached only through `lock`.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value

    /// A lock around `value`.
    public init(_ value: Value) { self.value = value }

    /// Reads or mutates the value under the lock.
    public func withValue<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&value) }
    }

    /// A copy of the value, read under the lock.
    public var current: Value { lock.withLock { value } }
}
