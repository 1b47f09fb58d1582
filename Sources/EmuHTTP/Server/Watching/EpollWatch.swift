#if os(Linux)
import CEpoll
import Glibc

/// Watches a socket in one of the shared `EpollLoop`s (`HTTPEventModel.eventLoops`). The
/// connection's executor is its loop's thread. Level-triggered; a socket watching nothing is
/// taken out of the epoll set, so a reset peer cannot wake the loop over and over while its
/// request is still being answered.
// @unchecked: every mutable property is touched on the loop's thread only.
final class EpollWatch: SocketWatch, @unchecked Sendable {
    let fd: Int32
    private let loop: EpollLoop
    private var connection: HTTPConnection?
    /// What the socket is watched for; a socket watching nothing is out of the loop's epoll set.
    private var interest = SocketInterest.none

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
        guard wanted != interest else { return }
        switch wanted {
        case .none:
            loop.control(self, EPOLL_CTL_DEL, events: 0)
        case .read, .write:
            let events = wanted == .read ? EPOLLIN.rawValue : EPOLLOUT.rawValue
            loop.control(self, interest == .none ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, events: events)
        }
        interest = wanted
    }

    func stop(release: @escaping () -> Void) {
        if interest != .none { loop.control(self, EPOLL_CTL_DEL, events: 0) }
        interest = .none
        connection = nil  // breaks the connection <-> watch cycle
        release()
    }

    func execute(_ work: @escaping @Sendable () -> Void) { loop.execute(work) }

    /// One readiness report from the loop. Errors and hang-ups go to whichever handler the
    /// socket is watched for: its read or send then sees them.
    func handle() {
        guard let connection else { return }
        switch interest {
        case .read: connection.onReadable()
        case .write: connection.onWritable()
        case .none: break
        }
    }
}
#endif
