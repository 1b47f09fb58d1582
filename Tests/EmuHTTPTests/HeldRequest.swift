import Dispatch
import EmuHTTP

/// A handler that answers from another thread and holds `/slow` until `release` is signalled
/// (after signalling `started`): a request in flight, for the tests of what happens meanwhile
/// (a shutdown, a pipelined request). Every answer is 200 with `body(request)`.
struct HeldRequest {
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let handler: ClosureHTTPHandler

    init(body: @escaping @Sendable (HTTPRequest) -> String) {
        let (started, release) = (started, release)
        handler = ClosureHTTPHandler { request, respond in
            DispatchQueue.global().async {
                if request.path == "/slow" {
                    started.signal()
                    release.wait()
                }
                respond(HTTPResponse(status: 200, contentType: "text/plain", body: body(request)))
            }
        }
    }
}
