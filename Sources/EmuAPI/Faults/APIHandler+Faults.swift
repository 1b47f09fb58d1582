import Dispatch
import EmuHTTP

extension APIHandler {
    /// Answers with the fault's status and body, or runs the route as usual, after the fault's
    /// delay. The delay is a timer, not a sleeping thread: a delayed request holds no worker.
    func inject(_ fault: Fault, route: APIRoute, request: APIRequest, received: HTTPRequest,
                respond: @escaping @Sendable (HTTPResponse) -> Void) {
        let answer: @Sendable () -> Void = { [self] in
            if let status = fault.status {
                respond(finish(APIResponse(status: status, json: fault.body ?? .null), for: received))
            } else {
                execute(route, request, received: received, respond: respond)
            }
        }
        guard fault.delayMilliseconds > 0 else { return answer() }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(fault.delayMilliseconds), execute: answer)
    }
}
