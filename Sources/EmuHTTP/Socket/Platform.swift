#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few spots where Linux and Darwin socket APIs differ.
enum Platform {
    #if canImport(Glibc)
    static let streamSocketType = Int32(SOCK_STREAM.rawValue)
    /// Linux: ask send() not to raise SIGPIPE on a closed peer.
    static let sendFlags = Int32(MSG_NOSIGNAL)
    static func bind(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        Glibc.bind(fd, address, length)
    }
    #else
    static let streamSocketType = SOCK_STREAM
    static let sendFlags: Int32 = 0
    static func bind(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        Darwin.bind(fd, address, length)
    }
    #endif

    /// Closes a descriptor (the module's own `close` methods shadow the C function).
    static func close(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
    }

    /// `send` under a name that the client's own `send` methods do not shadow.
    static func send(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
        #if canImport(Glibc)
        return Glibc.send(fd, bytes, count, flags)
        #else
        return Darwin.send(fd, bytes, count, flags)
        #endif
    }

    /// Darwin has no MSG_NOSIGNAL; the socket option does the same job there.
    static func disableSigpipe(_ fd: Int32) {
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }
}

// MARK: - SocketOptions

/// Per-socket settings and process-wide descriptor limits.
enum SocketOptions {
    static func setNonBlocking(_ fd: Int32) throws {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else { throw SocketError("fcntl(O_NONBLOCK)") }
    }

    /// Closes the descriptor in programs the process starts (`lcemu exec`'s command): a child
    /// holding the listening socket would keep the port taken after the server stops.
    static func setCloseOnExec(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    /// Disables Nagle: without it a response costs a ~40 ms delayed-ACK stall (docs/http.md).
    static func setNoDelay(_ fd: Int32) {
        var on: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Raises the soft open-files limit to the hard limit, so thousands of clients fit.
    static func raiseDescriptorLimit() {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = min(limit.rlim_max, 1 << 20)
        setrlimit(resource, &limit)
    }
}
