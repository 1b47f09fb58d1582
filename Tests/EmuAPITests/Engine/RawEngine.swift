import EmuTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let noSignal = Int32(MSG_NOSIGNAL)  // a peer that closed early is no SIGPIPE
#else
private let noSignal: Int32 = 0
#endif

/// A LeanEngine app that answers with exact bytes, for the framings and paces the project's own
/// server never sends: it says it defines `names`, and answers every other call with `response`
/// (a whole HTTP response), at once, or a byte at a time `interval` seconds apart, so that no
/// single read waits long but the whole answer takes `response.count × interval`. The
/// connection closes after the answer.
final class RawEngine: @unchecked Sendable {  // @unchecked: constants only
    let port: Int
    private let listener: Int32

    init(defines names: [String], response: [UInt8], interval: Double = 0) throws {
        let (listener, port) = try LoopbackListener.open()
        self.listener = listener
        self.port = port
        let metadata = #"{"result":["# + names.map { "\"\($0)\"" }.joined(separator: ",") + "]}"
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                Thread.detachNewThread { Self.serve(connection, metadata: metadata, response: response, interval: interval) }
            }
        }
    }

    /// An engine answering `body` with its `Content-Length`, a byte every `interval` seconds.
    convenience init(defines names: [String], trickling body: String = #"{"result":"slowly"}"#, interval: Double = 0.05) throws {
        try self.init(defines: names, response: Self.plain(body), interval: interval)
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// A 200 answer of `body` framed by `Content-Length`.
    static func plain(_ body: String) -> [UInt8] {
        Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    }

    /// A 200 answer whose head is `head` lines (`Transfer-Encoding: chunked` and the like) and
    /// whose body is `body` as it goes on the wire.
    static func framed(_ head: [String], _ body: String) -> [UInt8] {
        Array(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n" + head.map { $0 + "\r\n" }.joined() + "\r\n" + body).utf8)
    }

    private static func serve(_ connection: Int32, metadata: String, response: [UInt8], interval: Double) {
        defer { close(connection) }
        var request: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while request.firstRange(of: Array("\r\n\r\n".utf8)) == nil {
            let n = recv(connection, &chunk, chunk.count, 0)
            guard n > 0 else { return }
            request.append(contentsOf: chunk[..<n])
        }
        guard !String(decoding: request, as: UTF8.self).hasPrefix("GET /1.1/functions/_ops/metadatas") else {
            return sendAll(connection, plain(metadata))
        }
        guard interval > 0 else { return sendAll(connection, response) }
        for byte in response {
            guard [byte].withUnsafeBytes({ send(connection, $0.baseAddress, 1, noSignal) }) == 1 else { return }
            Thread.sleep(forTimeInterval: interval)  // the engine's slowness, not a test waiting
        }
    }

    private static func sendAll(_ connection: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { send(connection, $0.baseAddress! + offset, $0.count - offset, noSignal) }
            guard n > 0 else { return }
            offset += n
        }
    }
}
