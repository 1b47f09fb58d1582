import Dispatch
import EmuData
import EmuEndpoints
import EmuRouting
import EmuTools

/// Faults: a failure or a delay the developer injected for a method and path
/// (`/__admin/faults`, Admin/Faults) is taken once the app is known, and answers in the
/// route's place, or runs the route late. The admin surface's stage list has no fault stage:
/// a fault never locks the developer out of removing it.
struct FaultStage: Sendable {
    /// The fault injected for this request's method and path, taken (a fault counts its uses).
    func take(for context: RequestContext<AppRuntime?>) -> Fault? {
        context.app?.faults.take(method: context.http.method, path: context.http.path)
    }

    /// Answers with the fault's status and body, or runs the route (`execute`) as usual, after
    /// the fault's delay. The delay is a timer, not a sleeping thread: a delayed request holds
    /// no worker.
    func inject(_ fault: Fault, _ context: RequestContext<AppRuntime?>, _ reply: Reply,
                otherwise execute: @escaping @Sendable () -> Void) {
        let answer: @Sendable () -> Void = {
            if let status = fault.status {
                reply(APIResponse(status: status, json: fault.body ?? .null), context)
            } else {
                execute()
            }
        }
        guard fault.delayMilliseconds > 0 else { return answer() }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(fault.delayMilliseconds), execute: answer)
    }
}
