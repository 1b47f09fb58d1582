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
