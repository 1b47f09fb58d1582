import Dispatch
import Primitives

extension WorkerPool {
    /// The queue and the runners, shared with the pool's threads (which keep it alive while they
    /// run; the pool itself retires it when it goes).
    ///
    /// A runner is a thread taking jobs until none is left; then it parks (`WorkerThreads.Parker`)
    /// in the same locked step that finds the queue empty, so a job submitted after that step
    /// wakes it rather than starting another thread. `running` counts runners, at most `width`
    /// outside `lendPlace`.
    final class Core: Sendable {
        private struct State {
            var pending: [Job] = []
            var head = 0
            var running = 0
            /// Idle threads, the most recently parked last (woken first: its stack is warm).
            var parked: [WorkerThreads.Parker] = []
            var retired = false
        }

        let width: Int
        private let state = Locked(State())

        init(width: Int) { self.width = width }

        func submit(_ job: @escaping Job) {
            let start = state.withValue { state -> Start in
                state.pending.append(job)
                return claimRunner(&state)
            }
            start.run(self)
        }

        /// What starting a runner takes, decided under the lock and done outside it.
        enum Start {
            case none, wake(WorkerThreads.Parker), spawn

            func run(_ core: Core) {
                switch self {
                case .none: break
                case .wake(let parker): parker.semaphore.signal()
                case .spawn: WorkerThreads.start { core.work() }
                }
            }
        }

        /// A new runner, if fewer than `width` run: a parked thread, else a new one.
        private func claimRunner(_ state: inout State) -> Start {
            guard state.running < width else { return .none }
            state.running += 1
            return state.parked.popLast().map(Start.wake) ?? .spawn
        }

        /// `WorkerPool.lendingPlace`: this runner stops counting while it waits outside LCEmu.
        func lendPlace() {
            let start = state.withValue { state -> Start in
                state.running -= 1
                guard state.head < state.pending.count else { return .none }
                return claimRunner(&state)
            }
            start.run(self)
        }

        func takePlaceBack() { state.withValue { $0.running += 1 } }

        /// Threads parked for work (for tests).
        var parkedThreads: Int { state.withValue { $0.parked.count } }

        /// Idle threads end; runners end once the queue is empty.
        func retire() {
            let parked = state.withValue { state -> [WorkerThreads.Parker] in
                state.retired = true
                defer { state.parked = [] }
                return state.parked
            }
            for parker in parked {
                parker.exit = true
                parker.semaphore.signal()
            }
        }

        /// A worker thread's life: runs jobs, parks when none is left, ends when idle too long.
        private func work() {
            WorkerThreads.setCurrent(self)
            let parker = WorkerThreads.Parker()
            while true {
                while let job = nextJob(parkingAs: parker) { job() }
                guard !parker.exit, waitForWork(parker) else { return }
            }
        }

        /// The next job; or, when none is left, this runner stops and parks as `parker` (or is
        /// told to end, `parker.exit`, once the pool retired).
        private func nextJob(parkingAs parker: WorkerThreads.Parker) -> Job? {
            state.withValue { state -> Job? in
                guard state.head < state.pending.count else {
                    state.pending.removeAll(keepingCapacity: true)
                    state.head = 0
                    state.running -= 1
                    if state.retired { parker.exit = true } else { state.parked.append(parker) }
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

        /// Waits until a submit makes this parked thread a runner (true) or it should end: the
        /// pool retired, or nothing came for `WorkerThreads.idleSeconds`.
        private func waitForWork(_ parker: WorkerThreads.Parker) -> Bool {
            while true {
                if parker.semaphore.wait(timeout: DispatchTime.now() + .seconds(WorkerThreads.idleSeconds)) == .success {
                    return !parker.exit
                }
                let leaves = state.withValue { state -> Bool in
                    guard let index = state.parked.firstIndex(where: { $0 === parker }) else { return false }
                    state.parked.remove(at: index)
                    return true
                }
                if leaves { return false }
                // Taken off the list just now: its signal is on the way.
            }
        }
    }
}
