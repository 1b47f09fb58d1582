import EmuTestSupport
import EmuHTTP

/// The handler of the transport's tests (`TestServer.start(handler: Echo.handler)`): it answers
/// with the method, path, query and body it received, `GET /a?x=1 body`.
enum Echo {
    static let handler = ClosureHTTPHandler(sync: { request in
        let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        let text = "\(request.method) \(request.path)\(query.isEmpty ? "" : "?" + query) \(String(decoding: request.body, as: UTF8.self))"
        return HTTPResponse(status: 200, contentType: "text/plain", body: text)
    })
}
