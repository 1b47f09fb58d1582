import EmuTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A LeanEngine app that answers slowly on purpose: it says it defines `names`, and answers
/// every other call a byte at a time, `interval` seconds apart, so that no single read waits
/// long but the whole answer takes `body.count × interval`.
final class TricklingEngine: @unchecked Sendable {  // @unchecked: constants only
    let port: Int
    private let listener: Int32

    init(defines names: [String], body: String = #"{"result":"slowly"}"#, interval: Double = 0.05) throws {
        let (listener, port) = try LoopbackListener.open()
        self.listener = listener
        self.port = port
        let metadata = #"{"result":["# + names.map { "\"\($0)\"" }.joined(separator: ",") + "]}"
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                Thread.detachNewThread { Self.serve(connection, metadata: metadata, body: body, interval: interval) }
            }
        }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    var url: String { "http://127.0.0.1:\(port)" }

    private static func serve(_ connection: Int32, metadata: String, body: String, interval: Double) {
        defer { close(connection) }
        var request: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while request.firstRange(of: Array("\r\n\r\n".utf8)) == nil {
            let n = recv(connection, &chunk, chunk.count, 0)
            guard n > 0 else { return }
            request.append(contentsOf: chunk[..<n])
        }
        let isMetadata = String(decoding: request, as: UTF8.self).hasPrefix("GET /1.1/functions/_ops/metadatas")
        let answer = isMetadata ? metadata : body
        let bytes = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(answer.utf8.count)\r\n\r\n\(answer)".utf8)
        if isMetadata { _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }; return }
        for byte in bytes {
            guard [byte].withUnsafeBytes({ send(connection, $0.baseAddress, 1, 0) }) == 1 else { return }
            Thread.sleep(forTimeInterval: interval)  // the engine's slowness, not a test waiting
        }
    }
}
