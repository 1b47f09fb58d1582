#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BlockingHTTPClient {
    /// Reads one response. `method` tells whether a body follows (not for HEAD).
    public func readResponse(method: String = "GET") throws -> Response {
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
        if status < 200 { return Response(status: status, headers: headers, body: []) }
        let length = method == "HEAD" ? 0 : Int(headers["Content-Length"] ?? "") ?? -1
        if length < 0 { return Response(status: status, headers: headers, body: try readToEnd()) }
        _ = try fill { $0.count >= length ? length : nil }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return Response(status: status, headers: headers, body: body)
    }

    /// True when the server closed the connection (reads EOF) before `timeout`.
    public func readsEOF() -> Bool {
        (try? readToEnd())?.isEmpty ?? false
    }

    func readToEnd() throws -> [UInt8] {
        while try receive() > 0 {}
        defer { buffer = [] }
        return buffer
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
