#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The connections the current thread holds, innermost last: how a nested `read` or `write`
/// finds the connection its caller already holds instead of waiting for it (a deadlock).
///
/// A thread-local stack of (queue, connection slot) pairs, made once per thread, rather than a
/// serial `DispatchQueue` per connection, whose `sync` boxes every closure on the heap: taking
/// a connection costs a mutex and a thread-local lookup, nothing allocated.
enum ConnectionClaims {
    /// The slot a `DatabaseQueue` claims its writer under; a `ReaderPool` claims its readers
    /// under their index (a different owner, so the numbers never meet).
    static let writerSlot = 0

    private struct Claim {
        var owner: UnsafeRawPointer
        var slot: Int
    }

    /// Deep enough for any nesting the emulator does (a read inside a write inside a batch…).
    private static let capacity = 32

    private struct Stack {
        var count = 0
        let claims = UnsafeMutablePointer<Claim>.allocate(capacity: ConnectionClaims.capacity)
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let created = pthread_key_create(&key) { pointer in
            guard let stack = pointer?.assumingMemoryBound(to: Stack.self) else { return }
            stack.pointee.claims.deallocate()
            stack.deinitialize(count: 1)
            stack.deallocate()
        }
        precondition(created == 0, "pthread_key_create failed: \(created)")
        return key
    }()

    private static var stack: UnsafeMutablePointer<Stack> {
        if let existing = pthread_getspecific(key) { return existing.assumingMemoryBound(to: Stack.self) }
        let stack = UnsafeMutablePointer<Stack>.allocate(capacity: 1)
        stack.initialize(to: Stack())
        pthread_setspecific(key, stack)
        return stack
    }

    /// The slot of `owner`'s connection this thread holds, innermost claim first; nil if none.
    static func slot(heldFrom owner: AnyObject) -> Int? {
        guard let raw = pthread_getspecific(key) else { return nil }
        let stack = raw.assumingMemoryBound(to: Stack.self).pointee
        let identity = UnsafeRawPointer(Unmanaged.passUnretained(owner).toOpaque())
        var index = stack.count - 1
        while index >= 0 {
            if stack.claims[index].owner == identity { return stack.claims[index].slot }
            index -= 1
        }
        return nil
    }

    /// Runs `body` with `owner`'s connection `slot` recorded as held by this thread.
    static func holding<T>(_ owner: AnyObject, slot: Int, _ body: () throws -> T) rethrows -> T {
        let stack = self.stack
        precondition(stack.pointee.count < capacity, "connection claims nested deeper than \(capacity)")
        let identity = UnsafeRawPointer(Unmanaged.passUnretained(owner).toOpaque())
        stack.pointee.claims[stack.pointee.count] = Claim(owner: identity, slot: slot)
        stack.pointee.count += 1
        defer { stack.pointee.count -= 1 }
        return try body()
    }
}
