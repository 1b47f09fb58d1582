#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Primitives

/// Serialises a response head and body into one buffer, so that each answer leaves in one
/// `send` (two sends would wait on the peer's delayed ACK, see docs/http.md).
public enum HTTPResponseEncoder {
    /// How the connection continues after this response.
    public enum ConnectionDirective: Sendable {
        /// HTTP/1.1 default: say nothing.
        case persistent
        /// HTTP/1.0 keep-alive: `Connection: keep-alive` must be explicit (RFC 9112 §9.3).
        case keepAliveHTTP10
        /// `Connection: close`.
        case close
    }

    /// Encodes `response`. For HEAD, the body is omitted but `Content-Length` still announces it
    /// (RFC 9110 §9.3.2). `Content-Length`, `Date` and `Connection` given by the handler are replaced.
    /// - Parameter date: the `Date` value's bytes; a connection passes its own `HTTPDateStamp`'s,
    ///   so that event loops share no lock for it.
    public static func encode(_ response: HTTPResponse, headRequest: Bool = false, connection: ConnectionDirective,
                              date: [UInt8] = HTTPDateCache.current()) -> [UInt8] {
        var out: [UInt8] = []
        encode(response, headRequest: headRequest, connection: connection, date: date, appendingTo: &out)
        return out
    }

    /// Encodes `response` at the end of `out`: a connection writes into its own output buffer,
    /// whose memory it keeps from one answer to the next.
    /// - Parameter streamed: the head of a streamed answer (`HTTPStream`): no `Content-Length`
    ///   and no body, which follows as the stream writes it, delimited by the connection's close.
    public static func encode(_ response: HTTPResponse, headRequest: Bool = false, connection: ConnectionDirective,
                              date: [UInt8], streamed: Bool = false, appendingTo out: inout [UInt8]) {
        var noCache = FieldLineCache(enabled: false)
        encode(response, headRequest: headRequest, connection: connection, date: date, streamed: streamed, replacing: false,
               fieldLines: &noCache, into: &out)
    }

    /// Encodes `response` in place of `out`'s bytes (all sent already) when `replacing`, else
    /// after them: one replacement where emptying the buffer and appending to it were two (~100
    /// instructions an answer, issue 31). A connection passes its own `fieldLines`, which copies
    /// the lines of fields it wrote before whole.
    static func encode(_ response: HTTPResponse, headRequest: Bool, connection: ConnectionDirective, date: [UInt8],
                       replacing: Bool, fieldLines: inout FieldLineCache, into out: inout [UInt8]) {
        encode(response, headRequest: headRequest, connection: connection, date: date, streamed: false, replacing: replacing,
               fieldLines: &fieldLines, into: &out)
    }

    private static func encode(_ response: HTTPResponse, headRequest: Bool, connection: ConnectionDirective, date: [UInt8],
                               streamed: Bool, replacing: Bool, fieldLines: inout FieldLineCache, into out: inout [UInt8]) {
        // RFC 9110 §8.6: no Content-Length in 1xx or 204.
        let bodyAllowed = response.status >= 200 && response.status != 204 && response.status != 304
        let writesBody = bodyAllowed && !headRequest && !streamed
        let bodyLength = bodyAllowed && !streamed ? response.body.count : nil
        let reserve = writesBody ? response.body.count : 0
        // Most heads fit the fixed first try, written without measuring the fields first (~175
        // instructions, issue 31); a larger one is measured and written again.
        if !writeHead(response, connection: connection, date: date, bodyLength: bodyLength, capacity: typicalHeadCapacity,
                      reserving: reserve, replacing: replacing, fieldLines: &fieldLines, into: &out) {
            let written = writeHead(response, connection: connection, date: date, bodyLength: bodyLength,
                                    capacity: headCapacity(response, date: date), reserving: reserve, replacing: replacing,
                                    fieldLines: &fieldLines, into: &out)
            precondition(written, "response head larger than its estimate")
        }
        if writesBody { out.append(contentsOf: response.body) }
    }

    /// The stack memory of the first try: 1 KiB, which `withUnsafeTemporaryAllocation` keeps on
    /// the stack; a usual answer's head is 150 to 400 bytes.
    static let typicalHeadCapacity = 1024

    /// Writes the head into `capacity` bytes on the stack (`HeadWriter`), then appends it to `out`
    /// in one piece (or puts it in place of `out`'s bytes, `replacing`), with room for `reserving`
    /// more (the body): one allocation at most for the whole response. False, and `out`
    /// untouched, when the head does not fit.
    private static func writeHead(_ response: HTTPResponse, connection: ConnectionDirective, date: [UInt8], bodyLength: Int?,
                                  capacity: Int, reserving: Int, replacing: Bool, fieldLines: inout FieldLineCache,
                                  into out: inout [UInt8]) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { memory -> Bool in
            var head = HeadWriter(memory)
            // The status line written piece by piece (an interpolated String would allocate);
            // the most frequent one as a single constant.
            if response.status == 200 {
                head.write("HTTP/1.1 200 OK\r\n")
            } else {
                head.write("HTTP/1.1 ")
                head.writeDecimal(response.status)
                head.write(UInt8(ascii: " "))
                head.write(string: HTTPStatus.reasonPhrase(response.status))
                head.write("\r\n")
            }
            fieldLines.write(response.headers.fields, into: &head)
            if let bodyLength {
                head.write("Content-Length: ")
                head.writeDecimal(bodyLength)
                head.write("\r\n")
            }
            head.write("Date: ")
            date.withUnsafeBufferPointer { head.write($0) }
            head.write("\r\n")
            switch connection {
            case .persistent: break
            case .keepAliveHTTP10: head.writeField(name: "Connection", value: "keep-alive")
            case .close: head.writeField(name: "Connection", value: "close")
            }
            head.write("\r\n")
            guard !head.overflowed else { return false }
            if replacing {
                if head.count + reserving > out.capacity { out.reserveCapacity(head.count + reserving) }
                out.replaceSubrange(0..<out.count, with: head.written)
            } else {
                out.reserveCapacity(out.count + head.count + reserving)
                out.append(contentsOf: head.written)
            }
            return true
        }
    }

    /// At least the head's size: the status line, the fields and the ones the encoder adds
    /// (`Content-Length`, `Date`, `Connection`) at their longest, with room to spare.
    static func headCapacity(_ response: HTTPResponse, date: [UInt8]) -> Int {
        var bytes = 160 + date.count + HTTPStatus.reasonPhrase(response.status).utf8.count
        response.headers.fields.withUnsafeBufferPointer { fields in
            for index in fields.indices { bytes += fields[index].name.utf8.count + fields[index].value.utf8.count + 4 }
        }
        return bytes
    }

    /// The interim response sent for `Expect: 100-continue` (RFC 9110 §10.1.1).
    public static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
}

// MARK: - HTTPDateCache, the Date header

/// The IMF-fixdate for the `Date` header (RFC 9110 §5.6.7), formatted once per second.
public enum HTTPDateCache {
    private static let cache = Locked<(second: Int, bytes: [UInt8])>((-1, []))
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The current date, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`, as bytes.
    public static func current() -> [UInt8] {
        let now = time(nil)
        return cache.withValue { entry in
            if entry.second != now {
                entry = (now, Array(format(now).utf8))
            }
            return entry.bytes
        }
    }

    static func format(_ seconds: time_t) -> String {
        var t = seconds
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(1900 + parts.tm_year) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}

/// One connection's copy of the `Date` value, formatted again when the second changes: no lock
/// shared between the threads that answer.
struct HTTPDateStamp {
    private var second: time_t = -1
    private var bytes: [UInt8] = []

    mutating func current() -> [UInt8] {
        let now = time(nil)
        if now != second {
            second = now
            bytes = Array(HTTPDateCache.format(now).utf8)
        }
        return bytes
    }
}
