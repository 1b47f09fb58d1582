#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small mutex around `pthread_mutex_t`, heap-allocated so its address never moves.
///
/// Every module, the iOS client included, shares this one lock type; it needs no Foundation.
// @unchecked: a pthread mutex is made to be shared between threads; its address never moves.
public final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    /// A new, unlocked mutex.
    public init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` while holding the lock.
    @inlinable
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Waits for and takes the lock; pair with `unlock()`, or prefer `withLock`.
    public func lock() { pthread_mutex_lock(mutex) }
    /// Releases the lock taken by `lock()`.
    public func unlock() { pthread_mutex_unlock(mutex) }
}

// MARK: - Locked, a value behind a Lock

/// A value protected by a `Lock`.
// @unchecked: `value` is reached only through `lock`, which also makes the runtime's
// exclusivity check redundant (`@exclusivity(unchecked)`: a call per access, issue 31).
public final class Locked<Value>: @unchecked Sendable {
    private let lock = Lock()
    @exclusivity(unchecked) private var value: Value

    /// A lock around `value`.
    public init(_ value: Value) { self.value = value }

    /// Reads or mutates the value under the lock.
    public func withValue<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&value) }
    }

    /// A copy of the value, read under the lock.
    public var current: Value { lock.withLock { value } }
}
