import Dispatch
import EmuData
import EmuEndpoints
import EmuRouting
import EmuTools
import Primitives

/// A bounded pool for handlers that may block (writes, password hashing, files): at most `width`
/// jobs run at once, on one concurrent queue, so slow work never starves the connection queues
/// and never grows threads without bound (architecture.md: "never block inside an I/O handler").
///
/// Jobs wait in one FIFO that every free runner takes from, so a short job never waits behind a
/// slow one while another runner is idle (serial lanes chosen round-robin did exactly that).
final class WorkerPool: Sendable {
    typealias Job = @Sendable () -> Void

    private struct State {
        var pending: [Job] = []
        var head = 0
        var running = 0
    }

    private let width: Int
    private let queue = DispatchQueue(label: "lcemu.workers", attributes: .concurrent)
    private let state = Locked(State())
    private let inlineJobs = AtomicInteger()

    init(width: Int) {
        self.width = max(1, width)
        queue.setSpecific(key: Self.workerKey, value: true)
        queue.setSpecific(key: Self.poolKey, value: PoolReference(pool: self))
    }

    /// The pool whose queue runs the calling thread; unowned, since the pool owns its queue.
    private final class PoolReference: Sendable {
        unowned let pool: WorkerPool
        init(pool: WorkerPool) { self.pool = pool }
    }

    private static let poolKey = DispatchSpecificKey<PoolReference>()

    /// Runs `body`, which waits on something outside LCEmu (the app's engine), with the calling
    /// worker's place lent to the queue: while it waits, another runner may take queued jobs.
    /// So an engine that calls back into the API while LCEmu waits for it (a function saving an
    /// object, whose hook LCEmu then calls) cannot leave every worker waiting on itself. Off a
    /// worker thread, `body` simply runs.
    static func lendingPlace(_ body: () -> Void) {
        guard let pool = DispatchQueue.getSpecific(key: poolKey)?.pool else { return body() }
        let startRunner = pool.state.withValue { state -> Bool in
            state.running -= 1
            guard state.head < state.pending.count, state.running < pool.width else { return false }
            state.running += 1
            return true
        }
        if startRunner { pool.queue.async { pool.runUntilEmpty() } }
        body()
        pool.state.withValue { $0.running += 1 }
    }

    private static let workerKey = DispatchSpecificKey<Bool>()

    /// Whether the calling thread runs a job of some pool (for tests of what runs where).
    static var isWorkerThread: Bool { DispatchQueue.getSpecific(key: workerKey) == true }

    func submit(_ job: @escaping Job) {
        let startRunner = state.withValue { state -> Bool in
            state.pending.append(job)
            guard state.running < width else { return false }
            state.running += 1
            return true
        }
        if startRunner { queue.async { [self] in runUntilEmpty() } }
    }

    /// Runs a short job on the caller's thread while fewer than `width` do so, else queues it.
    /// Inline saves two thread hops per request (about 10 % less server CPU per signed Post
    /// fetch); past `width`, inline callers only block each other on the SQLite readers, where
    /// queued jobs kept 64 connections as fast as before (docs/performance.md).
    func runInlineOrSubmit(_ job: @escaping Job) {
        guard enterInline() else { return submit(job) }
        job()
        leaveInline()
    }

    /// Claims one of the `width` inline places; true when the caller may run its job now, and
    /// must then call `leaveInline`. Lets a hot caller run inline without boxing a closure.
    /// Every inline read takes and gives back a place: an atomic, not a lock the loops share.
    func enterInline() -> Bool { inlineJobs.increment(below: width) }

    func leaveInline() { inlineJobs.add(-1) }

    /// One runner: takes jobs in order until none is left, then stops.
    private func runUntilEmpty() {
        while let job = nextJob() { job() }
    }

    private func nextJob() -> Job? {
        state.withValue { state -> Job? in
            guard state.head < state.pending.count else {
                state.pending.removeAll(keepingCapacity: true)
                state.head = 0
                state.running -= 1
                return nil
            }
            let job = state.pending[state.head]
            state.head += 1
            // Drop taken jobs now and then so a long busy spell does not keep them all.
            if state.head >= 64 && state.head * 2 >= state.pending.count {
                state.pending.removeFirst(state.head)
                state.head = 0
            }
            return job
        }
    }
}
