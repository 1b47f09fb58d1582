import EmuTestSupport
import EmuHTTP

/// The handler of the TLS tests (`TestServer.start(.tls, handler: TLSEcho.handler)`): it answers
/// with whether the request came over TLS, then the method, path and body it received.
enum TLSEcho {
    static let handler = ClosureHTTPHandler(sync: { request in
        let head = "\(request.isSecure ? "secure" : "plain") \(request.method) \(request.path) "
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: Array(head.utf8) + request.body)
    })
}
