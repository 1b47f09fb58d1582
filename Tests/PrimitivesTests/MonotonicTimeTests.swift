import Dispatch
import Primitives
import Testing

@Suite struct MonotonicTimeTests {
    /// The journal's timings subtract two reads: the clock must never run backwards.
    @Test func nanoseconds_neverDecrease() {
        var last = MonotonicTime.nanoseconds()
        for _ in 0..<10_000 {
            let now = MonotonicTime.nanoseconds()
            #expect(now >= last)
            last = now
        }
    }

    /// It counts nanoseconds: an interval it brackets is at least as long as the one
    /// `DispatchTime` (the clock it replaced in the pipeline) measures inside it.
    @Test func nanoseconds_bracketAnIntervalDispatchTimeMeasures() {
        let start = MonotonicTime.nanoseconds()
        let inner = DispatchTime.now().uptimeNanoseconds
        var spin = 0
        while DispatchTime.now().uptimeNanoseconds - inner < 2_000_000 { spin += 1 }
        let innerEnd = DispatchTime.now().uptimeNanoseconds
        let end = MonotonicTime.nanoseconds()
        #expect(end - start >= innerEnd - inner - 100_000)
        #expect(end - start < 1_000_000_000)
        #expect(spin > 0)
    }
}
