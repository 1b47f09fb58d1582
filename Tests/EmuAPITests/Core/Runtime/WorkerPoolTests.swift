import Dispatch
@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
@testable import EmuTools
import Primitives
import Testing

/// The worker pool: one queue of jobs that any free runner takes, at most `width` at once.
struct WorkerPoolTests {
    /// Waits for `semaphore` at most 10 s: a pool that loses a job fails instead of hanging.
    func finished(_ semaphore: DispatchSemaphore) -> Bool {
        semaphore.wait(timeout: .now() + 10) == .success
    }

    @Test func aShortJob_neverWaitsBehindABlockedOne_whileARunnerIsFree() {
        let pool = WorkerPool(width: 2)
        let release = DispatchSemaphore(value: 0), blocked = DispatchSemaphore(value: 0)
        pool.submit { blocked.signal(); release.wait() }
        #expect(finished(blocked))
        // Serial lanes taken in turn put every other job behind the blocked one.
        for _ in 0..<4 {
            let done = DispatchSemaphore(value: 0)
            pool.submit { done.signal() }
            #expect(finished(done))
        }
        release.signal()
    }

    @Test func atMostWidthJobs_runAtOnce_andEveryJobRuns() {
        let pool = WorkerPool(width: 2)
        let running = Locked((now: 0, most: 0))
        let release = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<6 {
            pool.submit {
                running.withValue { $0.now += 1; $0.most = max($0.most, $0.now) }
                started.signal()
                release.wait()
                running.withValue { $0.now -= 1 }
                done.signal()
            }
        }
        #expect(finished(started) && finished(started))
        #expect(running.current.now == 2)
        for _ in 0..<6 { release.signal() }
        for _ in 0..<6 { #expect(finished(done)) }
        #expect(running.current.most == 2)
    }
}

/// Short reads run on the caller's thread until `width` of them do; the next one is queued.
struct InlineJobTests {
    @Test func aShortJob_runsOnTheCallersThread_whileTheInlineSlotsLast() {
        let pool = WorkerPool(width: 1)
        let ranInline = Locked(false)
        pool.runInlineOrSubmit { ranInline.withValue { $0 = true } }
        #expect(ranInline.current)  // run before `runInlineOrSubmit` returned
    }

    @Test func pastWidth_aShortJob_isQueued_andStillRuns() {
        let pool = WorkerPool(width: 1)
        let release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let waitedInVain = Locked(false)
        pool.runInlineOrSubmit {
            // The one inline slot is taken: the next job must go to a runner. Run inline, it
            // would wait here for a release that only comes after it returns.
            pool.runInlineOrSubmit {
                if release.wait(timeout: .now() + 10) == .timedOut { waitedInVain.withValue { $0 = true } }
                done.signal()
            }
            release.signal()
        }
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(!waitedInVain.current)
    }
}
