import EmuTestSupport
import EmuHTTP
import Testing
import Primitives

@Suite struct HTTPServerLimitTests {
    private func expectRejected(_ raw: String, status: Int, configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws {
        let live = try TestServer.start(handler: Echo.handler, configure: configure)
        let client = try live.connect()
        try client.send(raw)
        let response = try client.readResponse()
        #expect(response.status == status)
        #expect(response.headers["Connection"] == "close")
        #expect(client.readsEOF())
    }

    @Test func malformedRequestLine_gets400AndClose() throws {
        try expectRejected("GARBAGE\r\n\r\n", status: 400)
    }

    @Test func duplicateContentLength_gets400() throws {
        try expectRejected("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nab", status: 400)
    }

    @Test func contentLengthWithTransferEncoding_gets400() throws {
        try expectRejected("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", status: 400)
    }

    @Test func badChunk_gets400() throws {
        try expectRejected("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", status: 400)
    }

    @Test func longRequestLine_gets414() throws {
        try expectRejected("GET /\(String(repeating: "a", count: 200)) HTTP/1.1\r\nHost: x\r\n\r\n", status: 414) {
            $0.limits.maxRequestLineBytes = 100
        }
    }

    @Test func largeHeaders_get431() throws {
        try expectRejected("GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "b", count: 600))\r\n\r\n", status: 431) {
            $0.limits.maxHeaderBytes = 512
        }
    }

    @Test func largeBody_gets413BeforeItIsSent() throws {
        try expectRejected("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2000\r\n\r\n", status: 413) {
            $0.limits.maxBodyBytes = 1000
        }
    }

    @Test func slowHead_gets408AfterHeaderDeadline() throws {
        try expectRejected("GET / HTTP/1.1\r\nHost: x\r\n", status: 408) { $0.headerReadTimeout = 0.2 }
    }

    @Test func slowBody_gets408AfterBodyDeadline() throws {
        try expectRejected("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc", status: 408) { $0.bodyReadTimeout = 0.2 }
    }

    @Test func idleConnection_isClosedAfterIdleTimeout() throws {
        let live = try TestServer.start(handler: Echo.handler) { $0.idleTimeout = 0.2 }
        let client = try live.connect()
        #expect(try client.request("GET", "/").status == 200)
        #expect(client.readsEOF())
    }

    @Test func connectionsBeyondTheLimit_get503() throws {
        let live = try TestServer.start(handler: Echo.handler) { $0.maxConnections = 2 }
        let first = try live.connect(), second = try live.connect()
        #expect(try first.request("GET", "/").status == 200)
        #expect(try second.request("GET", "/").status == 200)
        let third = try live.connect()
        #expect(try third.readResponse().status == 503)
    }

    @Test func randomGarbage_neverStopsTheServer() throws {
        let live = try TestServer.start(handler: Echo.handler)
        var generator = SeededRandom(seed: 42)
        for _ in 0..<50 {
            let client = try live.connect(timeout: 2)
            let bytes = (0..<Int(generator.next() % 300)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            try? client.send(bytes + Array("\r\n\r\n".utf8))
            _ = try? client.readResponse()
        }
        #expect(try live.connect().request("GET", "/alive").status == 200)
    }
}

