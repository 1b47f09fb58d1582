import Dispatch
import EmuData
import EmuEndpoints
import EmuRouting
import EmuTools
import Primitives

/// A bounded pool for handlers that may block (writes, password hashing, files): at most `width`
/// jobs run at once, on the pool's own threads (`WorkerThreads`), so slow work never starves the
/// connection queues and never grows threads without bound (architecture.md: "never block inside
/// an I/O handler").
///
/// Jobs wait in one FIFO that every free runner takes from, so a short job never waits behind a
/// slow one while another runner is idle (serial lanes chosen round-robin did exactly that).
final class WorkerPool: Sendable {
    typealias Job = @Sendable () -> Void

    let core: Core
    private let inlineJobs = AtomicInteger()

    init(width: Int) { core = Core(width: max(1, width)) }

    /// Idle threads end now and busy ones once the queue is empty; queued jobs still run.
    deinit { core.retire() }

    /// Runs `body`, which waits on something outside LCEmu (the app's engine), with the calling
    /// worker's place lent to the queue: while it waits, another runner may take queued jobs.
    /// So an engine that calls back into the API while LCEmu waits for it (a function saving an
    /// object, whose hook LCEmu then calls) cannot leave every worker waiting on itself. Off a
    /// worker thread, `body` simply runs.
    static func lendingPlace(_ body: () -> Void) {
        guard let core = WorkerThreads.current else { return body() }
        core.lendPlace()
        body()
        core.takePlaceBack()
    }

    /// Whether the calling thread runs a job of some pool (for tests of what runs where).
    static var isWorkerThread: Bool { WorkerThreads.current != nil }

    func submit(_ job: @escaping Job) { core.submit(job) }

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
    func enterInline() -> Bool { inlineJobs.increment(below: core.width) }

    func leaveInline() { inlineJobs.add(-1) }
}
