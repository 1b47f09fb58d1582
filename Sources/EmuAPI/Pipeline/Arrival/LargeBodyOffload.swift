import EmuData
import EmuEndpoints
import EmuHTTP
import EmuRouting
import EmuTools

/// Hands a request with a large body to the worker pool before anything reads it. Some reading
/// happens before routing, on the connection's own thread: a method-override envelope (spec §1.6,
/// how SDKs send long queries) is parsed and re-encoded as a query string there — about 8 ms
/// per 180 KB, near a second at the 20 MB body limit, while every other connection served by
/// that thread waits (docs/security.md). Small requests, the hot path, are not touched.
struct LargeBodyOffload: HTTPHandler {
    /// The largest body read on the connection's thread: a query's `where` of a few hundred
    /// values; above it (thousands of values, any large write) the pool reads it.
    static let inlineBodyLimit = 32 * 1024

    let inner: any HTTPHandler
    let pool: WorkerPool

    func handle(_ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse) -> Void) {
        guard request.body.count > Self.inlineBodyLimit else { return inner.handle(request, respond: respond) }
        pool.submit { [inner] in inner.handle(request, respond: respond) }
    }
}
