@testable import EmuHTTP
import Testing

/// `HTTPResponseEncoder` writes the head through `HeadWriter` into a fixed first try, or memory sized by
/// `headCapacity`: the bytes are those of the head spelled out, for every directive, a HEAD
/// request, a streamed head, long and many fields and values carrying line breaks.
@Suite struct ResponseHeadTests {
    static let date = Array("Sat, 28 Nov 2026 22:00:00 GMT".utf8)

    static func encoded(_ response: HTTPResponse, head: Bool = false, _ directive: HTTPResponseEncoder.ConnectionDirective = .persistent,
                        streamed: Bool = false, after previous: [UInt8] = []) -> String {
        var out = previous
        HTTPResponseEncoder.encode(response, headRequest: head, connection: directive, date: date, streamed: streamed, appendingTo: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test func fetchAnswer_isSpelledOut() {
        let response = HTTPResponse(status: 200, headers: [
            "Content-Type": "application/json;charset=utf-8", "Cache-Control": "no-cache,no-store", "Pragma": "no-cache",
            "Access-Control-Allow-Origin": "*",
        ], body: Array("{}".utf8))
        #expect(Self.encoded(response) == "HTTP/1.1 200 OK\r\nContent-Type: application/json;charset=utf-8\r\n"
            + "Cache-Control: no-cache,no-store\r\nPragma: no-cache\r\nAccess-Control-Allow-Origin: *\r\n"
            + "Content-Length: 2\r\nDate: Sat, 28 Nov 2026 22:00:00 GMT\r\n\r\n{}")
    }

    @Test func directives_head_andManagedFields() {
        let response = HTTPResponse(status: 404, headers: ["Date": "x", "content-length": "9", "Connection": "y", "X-A": "b"],
                                    body: Array("abc".utf8))
        #expect(Self.encoded(response, .close) == "HTTP/1.1 404 Not Found\r\nX-A: b\r\nContent-Length: 3\r\n"
            + "Date: Sat, 28 Nov 2026 22:00:00 GMT\r\nConnection: close\r\n\r\nabc")
        #expect(Self.encoded(response, head: true, .keepAliveHTTP10) == "HTTP/1.1 404 Not Found\r\nX-A: b\r\nContent-Length: 3\r\n"
            + "Date: Sat, 28 Nov 2026 22:00:00 GMT\r\nConnection: keep-alive\r\n\r\n")
        #expect(Self.encoded(HTTPResponse(status: 204, body: Array("x".utf8))) == "HTTP/1.1 204 No Content\r\n"
            + "Date: Sat, 28 Nov 2026 22:00:00 GMT\r\n\r\n")
        #expect(Self.encoded(HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"]), streamed: true)
            == "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nDate: Sat, 28 Nov 2026 22:00:00 GMT\r\n\r\n")
    }

    @Test func lineBreaksInValues_areDropped_andLongHeads_fit() {
        let long = String(repeating: "v", count: 3_000)
        var headers: HTTPHeaders = ["X-Split": "a\r\nInjected: 1\nb"]
        for index in 0..<40 { headers.add("X-Field-\(index)", "\(index)\(long)") }
        let text = Self.encoded(HTTPResponse(status: 200, headers: headers, body: Array("z".utf8)), after: Array("previous".utf8))
        #expect(text.hasPrefix("previousHTTP/1.1 200 OK\r\nX-Split: aInjected: 1b\r\nX-Field-0: 0\(long)\r\n"))
        #expect(text.hasSuffix("X-Field-39: 39\(long)\r\nContent-Length: 1\r\nDate: Sat, 28 Nov 2026 22:00:00 GMT\r\n\r\nz"))
    }

    /// Heads around the fixed first try's size (`typicalHeadCapacity`): those that overflow it
    /// are measured and written again, whole, after what the buffer held.
    @Test func headsAroundTheFirstTrysSize_areWhole() {
        let date = String(decoding: Self.date, as: UTF8.self)
        for length in stride(from: HTTPResponseEncoder.typicalHeadCapacity - 80, through: HTTPResponseEncoder.typicalHeadCapacity + 8, by: 1) {
            let value = String(repeating: "v", count: length)
            let response = HTTPResponse(status: 201, headers: ["X-Long": value, "X-After": "1"], body: Array("z".utf8))
            #expect(Self.encoded(response, .close, after: Array("kept".utf8))
                == "keptHTTP/1.1 201 Created\r\nX-Long: \(value)\r\nX-After: 1\r\nContent-Length: 1\r\nDate: \(date)\r\n"
                + "Connection: close\r\n\r\nz")
        }
    }

    /// The connection's path once everything before was sent: the answer in place of the sent
    /// bytes, whether they were fewer or more, and of a head past the first try.
    @Test func replacingSentBytes_leavesTheAnswerAlone() {
        let long = String(repeating: "v", count: 2_000)
        for response in [HTTPResponse(status: 200, headers: ["A": "b"], body: Array("body".utf8)),
                         HTTPResponse(status: 404, headers: ["X-Long": long], body: [UInt8](repeating: 0x7A, count: 5_000))] {
            var fieldLines = FieldLineCache()
            for sent in [0, 3, 300, 8_000] {
                var out = [UInt8](repeating: 0x2D, count: sent)
                HTTPResponseEncoder.encode(response, headRequest: false, connection: .close, date: Self.date, replacing: true,
                                           fieldLines: &fieldLines, into: &out)
                #expect(String(decoding: out, as: UTF8.self) == Self.encoded(response, .close), "\(sent)")
            }
        }
    }

    @Test func unusualStatus_andLargeLengths_fitTheEstimate() {
        let response = HTTPResponse(status: 599, body: [UInt8](repeating: 0x61, count: 123_456))
        let text = Self.encoded(response)
        #expect(text.hasPrefix("HTTP/1.1 599 Status 599\r\nContent-Length: 123456\r\n"))
        #expect(HTTPResponseEncoder.headCapacity(response, date: Self.date) >= 160)
    }

    @Test func containsLineBreak_findsCRAndLF_atEveryPosition() {
        for length in 0...20 {
            // Bytes around CR and LF (9, 11, 12, 14, 0x8A, 0x8D) and high bytes, which a wrong
            // word test could mistake for them.
            let plain = (0..<length).map { [UInt8(9), 11, 12, 14, 0x8A, 0x8D, 0xFF, 0x61][$0 % 8] }
            #expect(!plain.withUnsafeBufferPointer(HeadWriter.containsLineBreak))
            for position in 0..<length {
                for lineBreak: UInt8 in [13, 10] {
                    var bytes = plain
                    bytes[position] = lineBreak
                    #expect(bytes.withUnsafeBufferPointer(HeadWriter.containsLineBreak), "\(length) \(position) \(lineBreak)")
                }
            }
        }
        #expect(!HeadWriter.containsLineBreak(UnsafeBufferPointer(start: nil, count: 0)))
    }

    @Test func headWriter_writesPieces() {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { memory in
            var head = HeadWriter(memory)
            head.write("a")
            head.write(UInt8(ascii: "b"))
            head.writeDecimal(0)
            head.writeDecimal(1_234_567)
            head.write(string: "x\r\ny", droppingLineBreaks: true)
            head.write(string: "é\r\n")
            head.writeDecimal(10)
            head.writeDecimal(9)
            head.write(UnsafeBufferPointer(start: nil, count: 0))
            #expect(String(decoding: head.written, as: UTF8.self) == "ab01234567xyé\r\n109")
            #expect(head.count == 19)
        }
    }

    /// A write that does not fit writes nothing, and nothing after it is written.
    @Test func headWriter_overflowing_writesNothingMore() {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8) { memory in
            var head = HeadWriter(memory)
            head.write("abc")
            head.writeField(name: "Name", value: "v")
            #expect(head.overflowed)
            head.write("d")
            head.writeDecimal(1)
            #expect(String(decoding: head.written, as: UTF8.self) == "abc")
        }
    }

    @Test func headWriter_writesFieldLines() {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { memory in
            var head = HeadWriter(memory)
            head.writeField(name: "A", value: "")
            head.writeField(name: "Long-Enough-For-The-Heap", value: "é, a value of more than fifteen bytes")
            head.writeField(name: "X", value: "1\r\n2\n")
            #expect(String(decoding: head.written, as: UTF8.self)
                == "A: \r\nLong-Enough-For-The-Heap: é, a value of more than fifteen bytes\r\nX: 12\r\n")
        }
    }
}
