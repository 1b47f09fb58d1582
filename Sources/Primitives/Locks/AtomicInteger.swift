#if os(Linux)
import Synchronization
#endif

/// An integer read and changed by several threads without a lock: a counter or a flag that
/// every request touches (request ids, inline places, the stopping flag). A mutex there costs
/// a lock and an unlock per use, and a system call when two event loops meet on it; an atomic
/// costs one instruction. Where Swift's `Synchronization.Atomic` cannot be used (Apple
/// platforms before macOS 15 and iOS 18, which the package still supports), a `Lock` stands
/// in, with the same meaning.
// @unchecked (lock fallback only): `value` is reached only under `lock`.
public final class AtomicInteger: @unchecked Sendable {
    // Reachable from inlinable code: every call is inlined into its caller's module, so an
    // atomic costs its instruction, not a cross-module call (issue 31).
    #if os(Linux)
    @usableFromInline let value: Atomic<Int>
    #else
    @usableFromInline let lock = Lock()
    @usableFromInline var value: Int
    #endif

    public init(_ initial: Int = 0) {
        #if os(Linux)
        value = Atomic(initial)
        #else
        value = initial
        #endif
    }

    /// The value now.
    @inlinable
    public func load() -> Int {
        #if os(Linux)
        value.load(ordering: .acquiring)
        #else
        lock.withLock { value }
        #endif
    }

    @inlinable
    public func store(_ newValue: Int) {
        #if os(Linux)
        value.store(newValue, ordering: .releasing)
        #else
        lock.withLock { value = newValue }
        #endif
    }

    /// Adds `amount` (wrapping) and returns the new value.
    @discardableResult
    @inlinable
    public func add(_ amount: Int) -> Int {
        #if os(Linux)
        value.wrappingAdd(amount, ordering: .acquiringAndReleasing).newValue
        #else
        lock.withLock {
            value &+= amount
            return value
        }
        #endif
    }

    /// Adds one unless the value has reached `limit`: true when it did (a place was taken).
    @inlinable
    public func increment(below limit: Int) -> Bool {
        #if os(Linux)
        var current = value.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = value.weakCompareExchange(
                expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
        return false
        #else
        lock.withLock {
            guard value < limit else { return false }
            value += 1
            return true
        }
        #endif
    }
}
