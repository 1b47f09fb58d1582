import Dispatch
import Primitives
import Testing

@Suite struct LockTests {
    struct Failure: Error {}

    @Test func locked_keepsEveryIncrement_fromManyThreads() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withValue { $0 += 1 } }
        }
        #expect(counter.current == 80_000)
    }

    @Test func withLock_returnsTheResult_andReleasesTheLockWhenBodyThrows() {
        let lock = Lock()
        #expect(lock.withLock { 42 } == 42)
        #expect(throws: Failure.self) { try lock.withLock { throw Failure() } }
        // Still free: a lock left held would block here forever.
        lock.lock()
        lock.unlock()
    }

    @Test func withValue_mutatesInPlace_andReturnsTheBodysResult() {
        let names = Locked<[String]>([])
        let count = names.withValue { names -> Int in
            names.append("a")
            return names.count
        }
        #expect(count == 1)
        #expect(names.current == ["a"])
    }
}
