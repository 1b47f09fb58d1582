#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bound, listening, non-blocking TCP socket. It knows nothing of HTTP.
struct ListeningSocket {
    let fd: Int32
    /// The port actually bound (useful with port 0).
    let port: Int

    /// Binds `host:port` (IPv4 or IPv6 literal, or a name resolved with getaddrinfo) and listens.
    static func bind(host: String, port: Int, backlog: Int32) throws -> ListeningSocket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Platform.streamSocketType
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let first = list else {
            throw SocketError("getaddrinfo(\(host)): \(String(cString: gai_strerror(rc)))", errno: 0)
        }
        defer { freeaddrinfo(list) }
        var lastError = SocketError("bind \(host):\(port)", errno: EADDRNOTAVAIL)
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            cursor = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else { lastError = SocketError("socket"); continue }
            SocketOptions.setCloseOnExec(fd)
            var on: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
            guard let address = info.pointee.ai_addr, Platform.bind(fd, address, info.pointee.ai_addrlen) == 0 else {
                lastError = SocketError("bind \(host):\(port)")
                close(fd)
                continue
            }
            guard listen(fd, backlog) == 0 else {
                lastError = SocketError("listen")
                close(fd)
                continue
            }
            try SocketOptions.setNonBlocking(fd)
            return ListeningSocket(fd: fd, port: try boundPort(fd))
        }
        throw lastError
    }

    private static func boundPort(_ fd: Int32) throws -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let rc = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard rc == 0 else { throw SocketError("getsockname") }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            }
        default:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
        }
    }
}
