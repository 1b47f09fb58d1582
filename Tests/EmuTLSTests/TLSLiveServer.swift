import EmuHTTP
import EmuTLS

/// An HTTPS server on 127.0.0.1 port 0 with a fresh self-signed certificate, answering with
/// whether the request came over TLS, then the method, path and body it received.
final class TLSLiveServer: Sendable {
    let server: HTTPServer
    let certificate: SelfSignedCertificate

    init(configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws {
        certificate = try SelfSignedCertificate.generate()
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.transportFactory = TLSTransportFactory(context: try TLSServerContext(certificate))
        configure(&configuration)
        server = HTTPServer(configuration: configuration, handler: Self.echo)
        try server.start()
    }

    deinit { server.shutdown(gracePeriod: 1) }

    var port: Int { server.port }

    /// A client that verifies the server's certificate for `serverName` against `trusting`
    /// (this server's own certificate by default).
    func client(serverName: String = "127.0.0.1", trusting: String? = nil, timeout: Double = 5) throws -> BlockingHTTPClient {
        let trusted = trusting ?? certificate.certificatePEM
        return try BlockingHTTPClient(host: "127.0.0.1", port: port, timeout: timeout) { fd in
            try TLSClientStream(fd: fd, serverName: serverName, trusting: trusted)
        }
    }

    func plainClient() throws -> BlockingHTTPClient {
        try BlockingHTTPClient(host: "127.0.0.1", port: port, timeout: 5)
    }

    static let echo = ClosureHTTPHandler(sync: { request in
        let head = "\(request.isSecure ? "secure" : "plain") \(request.method) \(request.path) "
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: Array(head.utf8) + request.body)
    })
}
