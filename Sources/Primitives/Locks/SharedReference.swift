#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A reference that many threads read and a few replace, now and then: reads take no lock.
///
/// A `Locked` read is a mutex pair (~120 instructions); the app directory's snapshot is read
/// on every request, by every event loop (issue 31). Here a read counts itself in `readers`,
/// loads the address, retains the object and counts itself out (~40). A replacement stores the
/// new address, then waits until no read is counted (reads last a few instructions) before it
/// releases the old object: a read that loaded the old address has retained it by then, and a
/// read counted after the wait began loads the new one. Both sides change `readers` by
/// read-modify-write, whose total order is what makes that so (the writer's `add(0)` included).
/// Replacements are serialised by a lock of their own.
// @unchecked: the object is reached only through `address`, under the protocol above.
public final class SharedReference<Object: AnyObject>: @unchecked Sendable {
    /// The object's address (retained once by this reference), as an integer.
    private let address: AtomicInteger
    /// Reads in progress.
    private let readers = AtomicInteger(0)
    private let replacing = Lock()

    public init(_ object: Object) {
        address = AtomicInteger(Int(bitPattern: Unmanaged.passRetained(object).toOpaque()))
    }

    deinit { Self.unmanaged(address.load()).release() }

    /// The object now, retained for the caller. Not inlinable, and never inlined: the retain
    /// must stay between the two counts, where no optimisation of the caller may move it.
    @inline(never)
    public func load() -> Object {
        readers.add(1)
        let object = Self.unmanaged(address.load()).retain()
        readers.add(-1)
        return object.takeRetainedValue()
    }

    /// Replaces the object with what `change` makes of the current one, and returns what else
    /// `change` answered. Replacements run one at a time; reads go on meanwhile.
    public func replace<T>(_ change: (Object) throws -> (Object?, T)) rethrows -> T {
        try replacing.withLock {
            let old = Self.unmanaged(address.load())
            let (new, answer) = try change(old.takeUnretainedValue())
            guard let new else { return answer }
            address.store(Int(bitPattern: Unmanaged.passRetained(new).toOpaque()))
            // Until every read that may have loaded the old address has retained it.
            while readers.add(0) != 0 { sched_yield() }
            old.release()
            return answer
        }
    }

    private static func unmanaged(_ address: Int) -> Unmanaged<Object> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: address)!)
    }
}
