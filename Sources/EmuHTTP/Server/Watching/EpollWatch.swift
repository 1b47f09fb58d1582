#if os(Linux)
import CEpoll
import Glibc

/// Watches a socket in one of the shared `EpollLoop`s (`HTTPEventModel.eventLoops`). The
/// connection's executor is its loop's thread. Level-triggered; a socket watching nothing is
/// taken out of the epoll set, so a reset peer cannot wake the loop over and over while its
/// request is still being answered.
///
/// Taken out lazily: a request answered on the worker pool stops the reading (`.none`) and
/// starts it again with its answer, two `epoll_ctl`s per request (about 4.5 % of a create's CPU)
/// when the client sends nothing in between, as a client awaiting its answer does. So a socket
/// that stops reading stays in the set for reads, and leaves it only when an event comes while
/// it watches nothing (a pipelined request, a hang-up): the loop wakes once for it, not over and
/// over; resuming reads then re-adds it. docs/performance.md has the figures.
// @unchecked: every mutable property is touched on the loop's thread only.
final class EpollWatch: SocketWatch, @unchecked Sendable {
    let fd: Int32
    private let loop: EpollLoop
    private var connection: HTTPConnection?
    /// What the socket is watched for.
    private var interest = SocketInterest.none
    /// What the epoll set holds for it: `interest`, or `.read` while `interest` is `.none` and
    /// no event came since (see above); `.none` is out of the set.
    private var armed = SocketInterest.none

    init(fd: Int32, loop: EpollLoop = EpollLoop.next()) {
        self.fd = fd
        self.loop = loop
    }

    func start(_ connection: HTTPConnection) {
        loop.execute { [self] in
            self.connection = connection
            watch(.read)
            connection.didStart()
        }
    }

    func watch(_ wanted: SocketInterest) {
        interest = wanted
        if wanted == .none, armed == .read { return }  // left in the set until an event comes
        arm(wanted)
    }

    /// Makes the epoll set hold `wanted` for the socket.
    private func arm(_ wanted: SocketInterest) {
        guard wanted != armed else { return }
        switch wanted {
        case .none:
            loop.control(self, EPOLL_CTL_DEL, events: 0)
        case .read, .write:
            let events = wanted == .read ? EPOLLIN.rawValue : EPOLLOUT.rawValue
            loop.control(self, armed == .none ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, events: events)
        }
        armed = wanted
    }

    func stop(release: @escaping () -> Void) {
        arm(.none)
        interest = .none
        connection = nil  // breaks the connection <-> watch cycle
        release()
    }

    func execute(_ work: @escaping @Sendable () -> Void) { loop.execute(work) }

    /// The loop's one buffer: every connection of the loop receives on its thread, one at a time.
    func withReadBuffer(_ body: (UnsafeMutableRawBufferPointer) -> TransportResult) -> TransportResult {
        body(loop.readBuffer)
    }

    /// One readiness report from the loop. Errors and hang-ups go to whichever handler the
    /// socket is watched for: its read or send then sees them.
    func handle() {
        guard let connection else { return }
        switch interest {
        case .read: connection.onReadable()
        case .write: connection.onWritable()
        case .none: arm(.none)  // an event while watching nothing: out of the set now
        }
    }
}
#endif

// MARK: - EpollLoop, the thread behind the watches

#if os(Linux)
import CEpoll
import Dispatch
import Glibc
import Primitives

/// One event loop: a thread that blocks in `epoll_wait` over its connections' sockets and runs
/// their code itself, and runs the jobs other threads hand it (`execute`), woken by an eventfd.
/// A few loops serve every server in the process, one per core, made on first use and kept for
/// the process's life, as SwiftNIO's shared event loop group is.
///
/// Why not a Dispatch source per connection: each of its events costs a round trip through
/// Dispatch's manager thread (an eventfd write to re-arm the source, an `epoll_ctl`, a wake-up),
/// about a quarter of the server's CPU per request at 64 connections, and at one connection two
/// thread hops per request. docs/performance.md has the figures.
// @unchecked: `watches` and `jobsInHand` are touched on the loop's thread only; `queued`, `sleeping` and
// `wakeWritten` under `lock`.
final class EpollLoop: @unchecked Sendable {
    static let shared: [EpollLoop] = {
        let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        return (0..<min(max(cores, 1), 16)).map { EpollLoop(index: $0) }
    }()
    private static let nextLoop = Locked(0)

    /// The loop for a new connection: round-robin.
    static func next() -> EpollLoop {
        let index = nextLoop.withValue { next -> Int in
            defer { next = (next + 1) % shared.count }
            return next
        }
        return shared[index]
    }

    private let epollFD: Int32
    private let wakeFD: Int32
    /// The key of the wake-up eventfd in the epoll set; sockets use their descriptor.
    private static let wakeKey = UInt64.max
    private let lock = Lock()
    private var queued: [@Sendable () -> Void] = []
    /// Under `lock`: the loop blocks (or is about to) in `epoll_wait` without a timeout, and
    /// whether a job queued since wrote the eventfd already.
    private var sleeping = false
    private var wakeWritten = false
    /// `queued.count`, written under `lock`: what the loop reads after each turn without it.
    private let queuedCount = AtomicInteger()
    private var jobsInHand: [@Sendable () -> Void] = []
    /// The watched sockets by descriptor.
    private var watches: [EpollWatch?] = []
    /// What its connections receive into, one after another on this thread (`withReadBuffer`):
    /// a 16 KiB buffer allocated and freed per receive was a `posix_memalign` and a `free` per
    /// request. Kept for the process's life, as the loop is.
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readBufferSize, alignment: 16)

    private init(index: Int) {
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeFD = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        precondition(epollFD >= 0 && wakeFD >= 0, "lcemu: cannot make an event loop (errno \(errno))")
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = Self.wakeKey
        epoll_ctl(epollFD, EPOLL_CTL_ADD, wakeFD, &event)
        let thread = EventLoopThread(name: "lcemu-loop-\(index)") { [self] in run() }
        thread.start()
    }

    /// Runs `job` on the loop's thread, after the events in hand. Writes the eventfd only when
    /// the loop sleeps: an awake loop (busy, or polling) looks at `queuedCount` after every turn,
    /// so an answer from the worker pool costs it no `write` and no `read` (issue 31: 0.15–0.33
    /// of each per create at 16 connections before, docs/performance.md).
    func execute(_ job: @escaping @Sendable () -> Void) {
        let wake = lock.withLock { () -> Bool in
            queued.append(job)
            queuedCount.store(queued.count)
            guard sleeping, !wakeWritten else { return false }
            wakeWritten = true
            return true
        }
        guard wake else { return }
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    /// Before blocking: false (and no sleep) when jobs are queued already; else the loop is
    /// marked asleep, so the next `execute` wakes it. Decided under the lock `execute` takes, so
    /// a job is either seen here or wakes the loop.
    private func mayBlock() -> Bool {
        lock.withLock {
            guard queued.isEmpty else { return false }
            sleeping = true
            wakeWritten = false
            return true
        }
    }

    private func wokeUp() { lock.withLock { sleeping = false } }

    /// Adds, changes or removes a socket's events; on the loop's thread.
    func control(_ watch: EpollWatch, _ operation: Int32, events: UInt32) {
        let fd = Int(watch.fd)
        if operation == EPOLL_CTL_ADD {
            if fd >= watches.count { watches += Array(repeating: nil, count: max(64, fd + 1 - watches.count, watches.count)) }
            watches[fd] = watch
        } else if operation == EPOLL_CTL_DEL, fd < watches.count {
            watches[fd] = nil
        }
        var event = epoll_event()
        event.events = events
        event.data.u64 = UInt64(fd)
        epoll_ctl(epollFD, operation, watch.fd, &event)
    }

    /// How long a loop whose client answers quickly polls for its next request before sleeping.
    /// A loop that sleeps in `epoll_wait` is woken by the kernel when a request arrives, and that
    /// wake-up (an interrupt to another core, a reschedule) is most of the latency of one client
    /// that sends its requests one after another: polling for a while answers such a client
    /// (one connection, a signed fetch) 1.3 × as often, for the same CPU per request
    /// (docs/performance.md). It only starts after a wake-up that came within the window, and
    /// stops when a window passes empty, so an idle or a slow client costs no polling.
    static let pollWindowNanoseconds: UInt64 = 100_000

    private func run() {
        let capacity = 256
        let events = UnsafeMutablePointer<epoll_event>.allocate(capacity: capacity)
        var polling = false
        var lastWork: UInt64 = 0
        while true {
            let blocks = !polling && mayBlock()
            let count = epoll_wait(epollFD, events, Int32(capacity), blocks ? -1 : 0)
            if blocks { wokeUp() }
            if count == 0 {  // polling (or jobs queued), and no event yet
                if queuedCount.load() != 0 {
                    runJobs()
                    lastWork = MonotonicClock.now()
                } else if MonotonicClock.now() &- lastWork > Self.pollWindowNanoseconds {
                    polling = false  // the window passed empty: this client is not that quick
                } else {
                    sched_yield()  // a client thread runnable on this core goes first
                }
                continue
            }
            if count < 0 { continue }  // EINTR
            polling = MonotonicClock.now() &- lastWork <= Self.pollWindowNanoseconds
            for index in 0..<Int(count) {
                let key = events[index].data.u64
                if key == Self.wakeKey {
                    var wakes: UInt64 = 0
                    _ = read(wakeFD, &wakes, 8)  // level-triggered: drained each time it is seen
                    continue
                }
                // A socket closed earlier in this batch has no watch left; its number may be
                // taken again only by a job, and jobs run after the batch.
                if Int(key) < watches.count, let watch = watches[Int(key)] { watch.handle() }
            }
            if queuedCount.load() != 0 { runJobs() }
            lastWork = MonotonicClock.now()
        }
    }

    /// Runs the queued jobs; only after a turn that finds `queuedCount` above zero, so a turn
    /// of socket events alone takes no lock (issue 31: the lock, the swap and the clearing cost
    /// ~430 instructions a turn, a turn per request at one connection). A job queued by this
    /// thread during a turn runs after the next one, which does not block (`mayBlock`).
    private func runJobs() {
        lock.withLock {
            swap(&queued, &jobsInHand)
            queuedCount.store(0)
        }
        for job in jobsInHand { job() }
        jobsInHand.removeAll(keepingCapacity: true)
    }
}

/// A named thread that runs one closure for the process's life (an event loop's `epoll_wait`
/// loop). Plain pthreads: Foundation's `Thread` is not available to EmuHTTP.
final class EventLoopThread {
    private let name: String
    private let body: () -> Void

    init(name: String, body: @escaping () -> Void) {
        self.name = name
        self.body = body
    }

    func start() {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&thread, nil, { raw in
            let owner = Unmanaged<EventLoopThread>.fromOpaque(raw!).takeRetainedValue()
            lcemu_name_this_thread(String(owner.name.prefix(15)))
            owner.body()
            return nil
        }, context)
        precondition(status == 0, "lcemu: cannot start an event loop thread (\(status))")
        pthread_detach(thread)
    }
}
#endif
