#if os(Linux)
import CEpoll
import Glibc

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
