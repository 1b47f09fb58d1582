import EmuTestSupport
import EmuHTTP
import Testing

@Suite struct HTTPServerProtocolTests {
    @Test func keepAlive_servesManyRequestsOnOneConnection() throws {
        let live = try TestServer.start(handler: Echo.handler)
        let client = try live.connect()
        for i in 0..<20 {
            let response = try client.request("GET", "/n/\(i)")
            #expect(response.status == 200)
            #expect(response.bodyText == "GET /n/\(i) ")
            #expect(response.headers["Connection"] == nil)
        }
    }

    @Test func everyResponse_hasContentLengthAndDate() throws {
        let live = try TestServer.start(handler: Echo.handler)
        let response = try live.connect().request("GET", "/")
        #expect(response.headers["Content-Length"] == "6")  // "GET / "
        let date = try #require(response.headers["Date"])
        #expect(date.hasSuffix(" GMT") && date.count == 29)
    }

    @Test func pipelinedRequests_areAnsweredInOrder() throws {
        let live = try TestServer.start(handler: Echo.handler)
        let client = try live.connect()
        let burst = (0..<50).map { "GET /p/\($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined()
        try client.send(burst)
        for i in 0..<50 {
            #expect(try client.readResponse().bodyText == "GET /p/\(i) ")
        }
    }

    @Test func connectionClose_isHonoured() throws {
        let live = try TestServer.start(handler: Echo.handler)
        let client = try live.connect()
        let response = try client.request("GET", "/", headers: ["Connection": "close"])
        #expect(response.headers["Connection"] == "close")
        #expect(client.readsEOF())
    }

    @Test func http10_closesByDefault_andKeepsAliveWhenAsked() throws {
        let live = try TestServer.start(handler: Echo.handler)
        let plain = try live.connect()
        try plain.send("GET /a HTTP/1.0\r\n\r\n")
        #expect(try plain.readResponse().headers["Connection"] == "close")
        #expect(plain.readsEOF())

        let keep = try live.connect()
        try keep.send("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try keep.readResponse().headers["Connection"] == "keep-alive")
        try keep.send("GET /b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try keep.readResponse().bodyText == "GET /b ")
    }

    @Test func head_announcesLengthWithoutBody() throws {
        let live = try TestServer.start(handler: Echo.handler)
        let client = try live.connect()
        let response = try client.request("HEAD", "/abc")
        #expect(response.headers["Content-Length"] == "10")  // "HEAD /abc "
        #expect(response.body.isEmpty)
        #expect(try client.request("GET", "/next").bodyText == "GET /next ")
    }

    @Test func chunkedBody_reachesHandlerDecoded() throws {
        let live = try TestServer.start(handler: Echo.handler)
        let client = try live.connect()
        try client.send("POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n")
        #expect(try client.readResponse().bodyText == "POST /c hello world")
    }

    @Test func expectContinue_getsInterimResponseBeforeBody() throws {
        let live = try TestServer.start(handler: Echo.handler)
        let client = try live.connect()
        try client.send("POST /e HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
        #expect(try client.readResponse().status == 100)
        try client.send("data")
        #expect(try client.readResponse().bodyText == "POST /e data")
    }

    @Test func percentEncodedPathAndQuery_areDecoded() throws {
        let live = try TestServer.start(handler: Echo.handler)
        let response = try live.connect().request("GET", "/a%20b/%E4%B8%AD?q=x+y&r=%26")
        #expect(response.bodyText == "GET /a b/中?q=x y&r=& ")
    }

    @Test func headerNames_areCaseInsensitive() throws {
        let handler = ClosureHTTPHandler(sync: { request in
            HTTPResponse(status: 200, contentType: "text/plain", body: request.headers["x-lc-id"] ?? "none")
        })
        let live = try TestServer.start(handler: handler)
        #expect(try live.connect().request("GET", "/", headers: ["X-LC-ID": "abc"]).bodyText == "abc")
    }

    @Test func asynchronousHandler_answersLaterAndInOrder() throws {
        let handler = ClosureHTTPHandler { request, respond in
            DispatchQueue.global().async {
                respond(HTTPResponse(status: 200, contentType: "text/plain", body: request.path))
            }
        }
        let live = try TestServer.start(handler: handler)
        let client = try live.connect()
        try client.send((0..<10).map { "GET /\($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined())
        for i in 0..<10 { #expect(try client.readResponse().bodyText == "/\(i)") }
    }
}

import Dispatch
