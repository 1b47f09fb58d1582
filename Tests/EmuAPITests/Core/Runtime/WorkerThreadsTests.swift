import Dispatch
@testable import EmuAPI
import EmuTestSupport
import Primitives
import Testing

/// The pool's own threads: a runner parks when the queue is empty and the next job wakes it;
/// a pool that goes still runs what was queued, and its idle threads end.
struct WorkerThreadsTests {
    func finished(_ semaphore: DispatchSemaphore) -> Bool {
        semaphore.wait(timeout: .now() + 10) == .success
    }

    @Test func aRunnerParks_whenTheQueueIsEmpty_andTheNextJobWakesIt() {
        let pool = WorkerPool(width: 1)
        let done = DispatchSemaphore(value: 0)
        pool.submit { done.signal() }
        #expect(finished(done))
        #expect(eventually { pool.core.parkedThreads == 1 })
        pool.submit { done.signal() }
        #expect(finished(done))
        #expect(eventually { pool.core.parkedThreads == 1 })  // woken and parked again, not a second thread
    }

    @Test func jobsRunOnWorkerThreads_andTheCallerIsNotOne() {
        let pool = WorkerPool(width: 2)
        let onWorker = Locked<Bool?>(nil), done = DispatchSemaphore(value: 0)
        pool.submit {
            onWorker.withValue { $0 = WorkerPool.isWorkerThread }
            done.signal()
        }
        #expect(finished(done))
        #expect(onWorker.current == true)
        #expect(!WorkerPool.isWorkerThread)
    }

    @Test func jobsQueuedWhenThePoolGoes_stillRun_andItsIdleThreadsEnd() {
        var pool: WorkerPool? = WorkerPool(width: 1)
        let core = pool!.core
        let release = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        pool!.submit { started.signal(); release.wait() }
        #expect(finished(started))
        for _ in 0..<3 { pool!.submit { done.signal() } }
        pool = nil  // the server let go of it, with three jobs queued behind a running one
        release.signal()
        for _ in 0..<3 { #expect(finished(done)) }
        // Its runner ended instead of parking: nothing is left waiting for work.
        #expect(eventually { core.parkedThreads == 0 })
    }

    @Test func aLentPlace_letsAQueuedJobRun_whileTheLenderWaits() {
        let pool = WorkerPool(width: 1)
        let queuedRan = DispatchSemaphore(value: 0), lenderDone = DispatchSemaphore(value: 0)
        let waitedInVain = Locked(false)
        pool.submit {
            pool.submit { queuedRan.signal() }
            // With its one place lent, the queued job runs on another thread meanwhile.
            WorkerPool.lendingPlace {
                if queuedRan.wait(timeout: .now() + 10) == .timedOut { waitedInVain.withValue { $0 = true } }
            }
            lenderDone.signal()
        }
        #expect(finished(lenderDone))
        #expect(!waitedInVain.current)
    }
}
