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
