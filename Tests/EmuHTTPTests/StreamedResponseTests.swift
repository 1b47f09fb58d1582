import EmuTestSupport
import Dispatch
import EmuHTTP
import Primitives
import Testing

/// Streamed answers (`HTTPStream`, server-sent events) under both event models: the head goes
/// first with no `Content-Length`, then what the stream writes as it writes it; the stream
/// learns when its client leaves, and shutdown does not wait for it.
@Suite struct StreamedResponseTests {
    /// Answers `/events` with a stream that hands its writer to `opened`, anything else with "ok".
    static func server(_ model: HTTPEventModel, opened: @escaping @Sendable (HTTPStreamWriter) -> Void) throws -> TestServer {
        let handler = ClosureHTTPHandler(sync: { request in
            guard request.path == "/events" else { return HTTPResponse(status: 200, contentType: "text/plain", body: "ok") }
            var response = HTTPResponse(status: 200, contentType: ServerSentEvent.contentType, body: "")
            response.stream = HTTPStream(opened: opened)
            return response
        })
        return try TestServer.start(handler: handler) { $0.eventModel = model }
    }

    @Test(arguments: HTTPEventModel.allCases)
    func eventsArrive_asTheyAreWritten_andTheStreamHearsTheClientLeave(model: HTTPEventModel) throws {
        let writer = Locked<HTTPStreamWriter?>(nil)
        let opened = DispatchSemaphore(value: 0), closed = DispatchSemaphore(value: 0)
        let live = try Self.server(model) { stream in
            stream.onClose { closed.signal() }
            writer.withValue { $0 = stream }
            stream.write(ServerSentEvent.encode(event: "hello", data: "1"))
            opened.signal()
        }
        var client: BlockingHTTPClient? = try live.connect()
        try client?.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try #require(try client?.readStreamHead())
        #expect(head.status == 200 && head.headers["Content-Length"] == nil && head.headers["Connection"] == "close")
        #expect(head.headers["Content-Type"] == ServerSentEvent.contentType)
        #expect(try client?.readStream(through: "\n\n") == "event: hello\ndata: 1\n\n")
        opened.wait()
        let stream = try #require(writer.current)
        #expect(stream.write(ServerSentEvent.encode(event: "state", data: "a\nb")))
        #expect(try client?.readStream(through: "\n\n") == "event: state\ndata: a\ndata: b\n\n")
        client = nil  // the client leaves
        #expect(closed.wait(timeout: .now() + 5) == .success)
        #expect(!stream.isOpen && !stream.write([1]))
        #expect(try live.connect().request("GET", "/next").bodyText == "ok")
    }

    @Test(arguments: HTTPEventModel.allCases)
    func finish_endsTheStream_afterWhatWasWritten(model: HTTPEventModel) throws {
        let live = try Self.server(model) { stream in
            stream.write(Array("data: last\n\n".utf8))
            stream.finish()
        }
        let client = try live.connect()
        try client.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readStreamHead().status == 200)
        #expect(try client.readStream(through: "\n\n") == "data: last\n\n")
        #expect(client.readsEOF())
    }

    @Test(arguments: HTTPEventModel.allCases)
    func shutdown_closesAnOpenStream_atOnce(model: HTTPEventModel) throws {
        let closed = DispatchSemaphore(value: 0)
        let live = try Self.server(model) { stream in
            stream.onClose { closed.signal() }
            stream.write(ServerSentEvent.heartbeat)
        }
        let client = try live.connect()
        try client.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try client.readStreamHead()
        _ = try client.readStream(through: "\n\n")
        let started = DispatchTime.now()
        // Clean: nothing was cut off at the end of the grace period, the stream was closed at once.
        #expect(live.httpServer.shutdown(gracePeriod: 10))
        #expect(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds < 5_000_000_000)
        #expect(closed.wait(timeout: .now() + 5) == .success)
        #expect(client.readsEOF())
    }

    @Test(arguments: HTTPEventModel.allCases)
    func aHEADRequest_getsTheHeadAlone(model: HTTPEventModel) throws {
        let live = try Self.server(model) { _ in Issue.record("a HEAD request opened the stream") }
        let client = try live.connect()
        let head = try client.request("HEAD", "/events")
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(try client.request("GET", "/next").bodyText == "ok")
    }
}
