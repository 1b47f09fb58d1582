import Dispatch
import Primitives
import Testing

@Suite struct AtomicIntegerTests {
    @Test func add_keepsEveryIncrement_fromManyThreads() {
        let counter = AtomicInteger()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.add(1) }
        }
        #expect(counter.load() == 80_000)
        #expect(counter.add(-80_000) == 0)
    }

    /// The worker pool's inline places: never more taken than the limit, whatever the threads.
    @Test func incrementBelow_neverPassesTheLimit_fromManyThreads() {
        let places = AtomicInteger()
        let taken = AtomicInteger()
        let peak = AtomicInteger()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<5_000 where places.increment(below: 3) {
                let now = taken.add(1)
                if now > peak.load() { peak.store(now) }
                taken.add(-1)
                places.add(-1)
            }
        }
        #expect(peak.load() <= 3)
        #expect(places.load() == 0)
        #expect(!AtomicInteger(3).increment(below: 3))
        let flag = AtomicInteger()
        #expect(flag.increment(below: 1))
        #expect(!flag.increment(below: 1))
    }
}
