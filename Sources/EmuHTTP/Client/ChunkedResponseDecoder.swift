/// Why `BlockingHTTPClient` could not read a response's body: larger than the caller's limit,
/// chunked framing that is malformed, or a transfer coding it does not decode.
public enum HTTPClientError: Error, Equatable, Sendable, CustomStringConvertible {
    case bodyTooLarge(limit: Int)
    case malformedChunks(String)
    case unsupportedTransferCoding(String)

    public var description: String {
        switch self {
        case .bodyTooLarge(let limit): "a body larger than \(limit) bytes"
        case .malformedChunks(let reason): "a malformed chunked body (\(reason))"
        case .unsupportedTransferCoding(let coding): "Transfer-Encoding '\(coding)', of which only chunked is read"
        }
    }
}

/// A chunked response body (RFC 9112 §7.1) decoded as its bytes arrive, for
/// `BlockingHTTPClient`: the same grammar and checks as the server's request parser
/// (`ChunkedBodyDecoder`), the body bounded by `maxBodyBytes` (an announced chunk that would pass
/// it is refused before its data arrives), a size line by 4 KiB and the trailers by 64 KiB, so
/// no answer can make the client hold more than that.
struct ChunkedResponseDecoder {
    static let maxTrailerBytes = 64 * 1024

    let maxBodyBytes: Int
    /// The de-chunked bytes so far.
    private(set) var body: [UInt8] = []
    private var state = ChunkedBodyDecoder.State.size
    private var trailerBytes = 0
    /// How much of an unfinished line (left at the buffer's start) was searched for its LF
    /// already: a line arriving a byte at a time is searched once, not once per byte.
    private var scanned = 0

    init(maxBodyBytes: Int) { self.maxBodyBytes = maxBodyBytes }

    /// Takes what it can from the front of `buffer`; true once the last chunk and the trailer
    /// section are in (bytes after them stay in `buffer`), false while more must be read.
    mutating func consume(_ buffer: inout [UInt8]) throws(HTTPClientError) -> Bool {
        var index = 0
        defer { buffer.removeFirst(index) }
        while true {
            switch state {
            case .size:
                guard let (line, next) = try nextLine(buffer, from: index, max: HTTPRequestParser.maxChunkSizeLineBytes,
                                                       what: "chunk-size line") else { return false }
                let size = try Self.size(buffer, line)
                guard size <= maxBodyBytes - body.count else { throw .bodyTooLarge(limit: maxBodyBytes) }
                index = next
                state = size == 0 ? .trailers : .data(remaining: size)
            case .data(let remaining):
                let count = min(remaining, buffer.count - index)
                guard count > 0 else { return false }
                body.append(contentsOf: buffer[index..<index + count])
                index += count
                state = count == remaining ? .dataEnd : .data(remaining: remaining - count)
            case .dataEnd:
                // chunk-data is followed by CRLF (a bare LF accepted, as for every line).
                guard index < buffer.count else { return false }
                var next = index
                if buffer[next] == HTTPBytes.cr {
                    guard next + 1 < buffer.count else { return false }
                    next += 1
                }
                guard buffer[next] == HTTPBytes.lf else { throw .malformedChunks("missing CRLF after chunk data") }
                index = next + 1
                state = .size
            case .trailers:
                guard let (line, next) = try nextLine(buffer, from: index, max: max(0, Self.maxTrailerBytes - trailerBytes),
                                                       what: "trailer section") else { return false }
                index = next
                if line.isEmpty { return true }
                try Self.checkTrailer(buffer, line)
                trailerBytes += next - line.lowerBound
            }
        }
    }

    /// The line starting at `start`, its CRLF (or bare LF, as the server accepts) excluded, and
    /// the index after it; nil while its end has not arrived. Longer than `max` is malformed.
    private mutating func nextLine(_ bytes: [UInt8], from start: Int, max: Int, what: String) throws(HTTPClientError)
        -> (Range<Int>, Int)? {
        let scanEnd = min(bytes.count, start + max + 2)
        guard let lf = bytes[min(start + scanned, scanEnd)..<scanEnd].firstIndex(of: HTTPBytes.lf) else {
            if bytes.count - start >= max + 2 { throw .malformedChunks("\(what) too long") }
            scanned = scanEnd - start
            return nil
        }
        scanned = 0
        let end = lf > start && bytes[lf - 1] == HTTPBytes.cr ? lf - 1 : lf
        guard end - start <= max else { throw .malformedChunks("\(what) too long") }
        return (start..<end, lf + 1)
    }

    private static func size(_ bytes: [UInt8], _ line: Range<Int>) throws(HTTPClientError) -> Int {
        do {
            return try bytes.withUnsafeBufferPointer { (pointer) throws(HTTPParseError) in
                try ChunkedBodyDecoder.parseSizeLine(pointer, line)
            }
        } catch {
            throw .malformedChunks(Self.reason(error))
        }
    }

    private static func checkTrailer(_ bytes: [UInt8], _ line: Range<Int>) throws(HTTPClientError) {
        do {
            _ = try bytes.withUnsafeBufferPointer { (pointer) throws(HTTPParseError) in
                try HeaderFieldSyntax.split(pointer, line)
            }
        } catch {
            throw .malformedChunks("trailer field: \(Self.reason(error))")
        }
    }

    private static func reason(_ error: HTTPParseError) -> String {
        if case .badRequest(let reason) = error { return reason }
        return "\(error)"
    }
}
