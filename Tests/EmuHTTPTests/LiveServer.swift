import EmuHTTP

/// A server on 127.0.0.1 port 0 for one test, with a handler the test chooses.
final class LiveServer: Sendable {
    let server: HTTPServer

    init(configure: (inout HTTPServerConfiguration) -> Void = { _ in }, handler: HTTPHandler = LiveServer.echo) throws {
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configure(&configuration)
        server = HTTPServer(configuration: configuration, handler: handler)
        try server.start()
    }

    deinit { server.shutdown(gracePeriod: 1) }

    var port: Int { server.port }

    func client(timeout: Double = 5) throws -> BlockingHTTPClient {
        try BlockingHTTPClient(host: "127.0.0.1", port: port, timeout: timeout)
    }

    /// Answers with the method, path, query and body it received: `GET /a?x=1 body`.
    static let echo = ClosureHTTPHandler(sync: { request in
        let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        let text = "\(request.method) \(request.path)\(query.isEmpty ? "" : "?" + query) \(String(decoding: request.body, as: UTF8.self))"
        return HTTPResponse(status: 200, contentType: "text/plain", body: text)
    })
}
