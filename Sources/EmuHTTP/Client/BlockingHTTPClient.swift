#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal blocking HTTP/1.1 client over one TCP connection, for `lcemu healthcheck` and for
/// tests that need exact control of the bytes on the wire (pipelining, malformed requests).
/// It is not used on the server's request path.
public final class BlockingHTTPClient {
    /// A parsed response.
    public struct Response: Sendable {
        public var status: Int
        public var headers: HTTPHeaders
        public var body: [UInt8]
        public var bodyText: String { String(decoding: body, as: UTF8.self) }
    }

    public let fd: Int32
    var buffer: [UInt8] = []
    /// Set when the bytes go through TLS (or another wrapper) rather than straight to the socket.
    var stream: (any BlockingStream)?

    /// Connects to `host:port`, failing after `timeout` seconds for connect, and for each read or
    /// write. `stream` wraps the connected socket, e.g. `{ try TLSClientStream(fd: $0, …) }`.
    public init(host: String, port: Int, timeout: Double = 5,
                stream makeStream: ((Int32) throws -> any BlockingStream)? = nil) throws {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Platform.streamSocketType
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let info = list else {
            throw SocketError("resolve \(host)", errno: 0)
        }
        defer { freeaddrinfo(list) }
        let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard fd >= 0 else { throw SocketError("socket") }
        var tv = timeval(tv_sec: .init(timeout), tv_usec: .init((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        SocketOptions.setNoDelay(fd)
        Platform.disableSigpipe(fd)
        guard connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            let error = SocketError("connect \(host):\(port)")
            Platform.close(fd)
            throw error
        }
        // The wrapper first, `self.fd` after: a throw once every stored property is set would run
        // `deinit`, which closes `fd` a second time — by then perhaps another thread's socket
        // under the same number (a refused TLS handshake broke a parallel test's connection so).
        let wrapped: (any BlockingStream)?
        do {
            wrapped = try makeStream?(fd)
        } catch {
            Platform.close(fd)
            throw error
        }
        self.fd = fd
        stream = wrapped
    }

    deinit {
        stream = nil  // a TLS session is freed before its socket closes
        Platform.close(fd)
    }

    /// Sends raw bytes.
    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            if let stream {
                offset += try bytes.withUnsafeBytes { try stream.write(UnsafeRawBufferPointer(rebasing: $0[offset...])) }
                continue
            }
            let n = bytes.withUnsafeBytes { Platform.send(fd, $0.baseAddress! + offset, $0.count - offset, Platform.sendFlags) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw SocketError("send") }
            offset += n
        }
    }

    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends a request with `Host` (`localhost` unless `headers` has one) and `Content-Length`
    /// filled in, and reads the response (a body over `maxBodyBytes` throws `HTTPClientError`).
    public func request(_ method: String, _ target: String, headers: HTTPHeaders = [:], body: [UInt8] = [],
                        maxBodyBytes: Int = .max) throws -> Response {
        var head = "\(method) \(target) HTTP/1.1\r\n" + (headers["Host"] == nil ? "Host: localhost\r\n" : "")
        for field in headers { head += "\(field.name): \(field.value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
        try send(Array((head + "\r\n").utf8) + body)
        return try readResponse(method: method, maxBodyBytes: maxBodyBytes)
    }
}

// MARK: - Reading the response

extension BlockingHTTPClient {
    /// Reads one response. `method` tells whether a body follows (not for HEAD). The body is
    /// framed by `Transfer-Encoding: chunked` (decoded), `Content-Length`, or the end of the
    /// connection; one larger than `maxBodyBytes` throws `HTTPClientError.bodyTooLarge`, as
    /// soon as its length or a chunk's size says so.
    public func readResponse(method: String = "GET", maxBodyBytes: Int = .max) throws -> Response {
        let (status, headers) = try readHead()
        if status < 200 { return Response(status: status, headers: headers, body: []) }
        if method != "HEAD", let coding = headers["Transfer-Encoding"] {
            guard Substring(coding).trimmingSpaces().lowercased() == "chunked" else {
                throw HTTPClientError.unsupportedTransferCoding(coding)
            }
            return Response(status: status, headers: headers, body: try readChunked(maxBodyBytes: maxBodyBytes))
        }
        let length = method == "HEAD" ? 0 : Int(headers["Content-Length"] ?? "") ?? -1
        guard length <= maxBodyBytes else { throw HTTPClientError.bodyTooLarge(limit: maxBodyBytes) }
        if length < 0 { return Response(status: status, headers: headers, body: try readToEnd(maxBodyBytes: maxBodyBytes)) }
        _ = try fill { $0.count >= length ? length : nil }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return Response(status: status, headers: headers, body: body)
    }

    /// Reads a streamed answer's head (`HTTPStream`): its body is then read as it comes, with
    /// `readStream(through:)`.
    public func readStreamHead() throws -> Response {
        let (status, headers) = try readHead()
        return Response(status: status, headers: headers, body: [])
    }

    /// Reads a streamed body until `marker` arrives; returns the text up to and including it.
    public func readStream(through marker: String) throws -> String {
        let end = try fill { $0.firstRange(of: Array(marker.utf8))?.upperBound }
        defer { buffer.removeFirst(end) }
        return String(decoding: buffer[..<end], as: UTF8.self)
    }

    private func readHead() throws -> (Int, HTTPHeaders) {
        let headEnd = try fill { $0.firstRange(of: [13, 10, 13, 10])?.upperBound }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: true)
        guard !lines.isEmpty else { throw SocketError("empty response", errno: 0) }
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw SocketError("bad status line", errno: 0) }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(String(line[..<colon]), String(line[line.index(after: colon)...].trimmingSpaces()))
        }
        return (status, headers)
    }

    /// True when the server closed the connection (reads EOF) before `timeout`.
    public func readsEOF() -> Bool {
        (try? readToEnd())?.isEmpty ?? false
    }

    func readToEnd(maxBodyBytes: Int = .max) throws -> [UInt8] {
        repeat {
            guard buffer.count <= maxBodyBytes else { throw HTTPClientError.bodyTooLarge(limit: maxBodyBytes) }
        } while try receive() > 0
        defer { buffer = [] }
        return buffer
    }

    /// A chunked body, de-chunked; bytes after it stay buffered for the next response.
    private func readChunked(maxBodyBytes: Int) throws -> [UInt8] {
        var decoder = ChunkedResponseDecoder(maxBodyBytes: maxBodyBytes)
        while try !decoder.consume(&buffer) {
            guard try receive() > 0 else { throw SocketError("connection closed", errno: 0) }
        }
        return decoder.body
    }

    func fill(until done: ([UInt8]) -> Int?) throws -> Int {
        while true {
            if let found = done(buffer) { return found }
            guard try receive() > 0 else { throw SocketError("connection closed", errno: 0) }
        }
    }

    func receive() throws -> Int {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        if let stream {
            let n = try chunk.withUnsafeMutableBytes { try stream.read(into: $0) }
            buffer.append(contentsOf: chunk[..<n])
            return n
        }
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw SocketError("recv") }
            buffer.append(contentsOf: chunk[..<n])
            return n
        }
    }
}

// MARK: - BlockingStream, the byte stream under the client

/// A blocking byte stream over a connected socket, for `BlockingHTTPClient`: TLS from `EmuTLS`
/// (`TLSClientStream`) instead of the plain socket.
public protocol BlockingStream: AnyObject {
    /// Writes some of `bytes`; returns how many (more than zero) or throws.
    func write(_ bytes: UnsafeRawBufferPointer) throws -> Int
    /// Reads into `buffer`; returns how many bytes, 0 at the end of the stream.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}
