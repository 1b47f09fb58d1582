import EmuTestSupport
import EmuHTTP
import EmuTLS
import Foundation
import Testing

/// The HTTP server behind its TLS transport: the same HTTP/1.1 behaviour, encrypted.
@Suite("HTTPS server")
struct TLSServerTests {
    @Test(arguments: ["127.0.0.1", "localhost"])
    func aVerifiedClient_getsAnswers_markedSecure(serverName: String) throws {
        let server = try TestServer.start(.tls, handler: TLSEcho.handler)
        let response = try server.connect(serverName: serverName).request("GET", "/1.1/date")
        #expect(response.status == 200)
        #expect(response.bodyText == "secure GET /1.1/date ")
    }

    @Test func oneConnection_servesManyRequests() throws {
        let server = try TestServer.start(.tls, handler: TLSEcho.handler)
        let client = try server.connect()
        for i in 0..<5 {
            let response = try client.request("POST", "/n", body: Array("\(i)".utf8))
            #expect(response.bodyText == "secure POST /n \(i)")
        }
    }

    /// Bodies bigger than TLS records (16 KB) and than the socket buffers: partial reads and
    /// writes on both sides.
    @Test func twoMegabytes_goBothWays_intact() throws {
        let server = try TestServer.start(.tls, handler: TLSEcho.handler)
        let client = try server.connect(timeout: 20)
        let body = (0..<(2 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) }
        let response = try client.request("PUT", "/big", body: body)
        #expect(response.status == 200)
        #expect(Array(response.body.dropFirst("secure PUT /big ".utf8.count)) == body)
    }

    @Test func pipelinedRequests_areAnsweredInOrder() throws {
        let server = try TestServer.start(.tls, handler: TLSEcho.handler)
        let client = try server.connect()
        try client.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().bodyText == "secure GET /a ")
        #expect(try client.readResponse().bodyText == "secure GET /b ")
    }

    @Test func manyClientsAtOnce_allGetTheirOwnAnswers() async throws {
        let server = try TestServer.start(.tls, handler: TLSEcho.handler)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<16 {
                group.addTask {
                    let client = try server.connect()
                    for j in 0..<4 {
                        let response = try client.request("POST", "/c", body: Array("\(i)-\(j)".utf8))
                        #expect(response.bodyText == "secure POST /c \(i)-\(j)")
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func aClientThatTrustsAnotherCertificate_failsTheHandshake_andTheServerGoesOn() throws {
        let server = try TestServer.start(.tls, handler: TLSEcho.handler)
        let stranger = try SelfSignedCertificate.generate()
        let error = #expect(throws: TLSError.self) { try server.connect(trusting: stranger.certificatePEM) }
        #expect(error?.description.contains("certificate") == true)
        #expect(try server.connect().request("GET", "/after").status == 200)
    }

    @Test func aNameTheCertificateDoesNotCover_isRefusedByTheClient() throws {
        let server = try TestServer.start(.tls, handler: TLSEcho.handler)
        #expect(throws: TLSError.self) { try server.connect(serverName: "example.com") }
    }

    @Test func plainHTTP_onTheTLSPort_isToldToUseHTTPS_andTheServerGoesOn() throws {
        let server = try TestServer.start(.tls, handler: TLSEcho.handler)
        let response = try server.connectPlain().request("GET", "/1.1/date")
        #expect(response.status == 400)
        #expect(response.bodyText == #"{"code":1,"error":"This port serves HTTPS: use an https:// URL."}"#)
        #expect(try server.connect().request("GET", "/after").status == 200)
    }

    @Test func notHTTPAndNotTLS_isClosed() throws {
        let server = try TestServer.start(.tls, handler: TLSEcho.handler)
        let junk = try server.connectPlain()
        try junk.send([0x00, 0xff, 0x13, 0x37, 0x00, 0x10, 0x42])
        #expect((try? junk.readResponse()) == nil)
        #expect(try server.connect().request("GET", "/after").status == 200)
    }

    @Test func aClientThatNeverFinishesTheHandshake_isClosedByTheHeadTimeout() throws {
        let server = try TestServer.start(.tls, handler: TLSEcho.handler) { $0.headerReadTimeout = 0.3 }
        let silent = try server.connectPlain()
        try silent.send([0x16, 0x03, 0x01])  // the start of a ClientHello, then nothing
        #expect(silent.readsEOF())
    }

    /// Random bytes, some dressed as a TLS handshake record: each connection fails alone.
    @Test func junkHandshakes_neverStopTheServer() throws {
        let server = try TestServer.start(.tls, handler: TLSEcho.handler)
        var generator = SystemRandomNumberGenerator()
        for round in 0..<60 {
            let junk = try server.connectPlain()
            var bytes = (0..<Int.random(in: 1...600, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if round.isMultiple(of: 2) { bytes.replaceSubrange(0..<min(3, bytes.count), with: [0x16, 0x03, 0x01]) }
            try? junk.send(bytes)  // then closed: the server sees junk, then the end
        }
        #expect(try server.connect().request("GET", "/after").status == 200)
    }

    @Test func aClientThatLeavesMidAnswer_doesNotDisturbTheNext() throws {
        let server = try TestServer.start(.tls, handler: TLSEcho.handler)
        do {
            let leaving = try server.connect()
            try leaving.send("PUT /big HTTP/1.1\r\nHost: x\r\nContent-Length: 1048576\r\n\r\n")
            try leaving.send([UInt8](repeating: 7, count: 1 << 20))
        }  // closed before reading the megabyte echoed back
        #expect(try server.connect().request("GET", "/after").status == 200)
    }
}
