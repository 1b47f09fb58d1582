import Dispatch
import EmuData
import EmuEndpoints
import EmuRouting
import EmuTools

/// Faults: a failure, a delay or a business error the developer injected for a method and path
/// (`/__admin/faults`, Admin/Faults) is taken once the request's app is known, and answers in
/// the place of whichever route would answer, or runs that route late. A custom route's app is
/// known as the request arrives (the app `X-LC-Id` names, else the default), so for an app with
/// custom routes the fault is taken before any of its routes answer, custom or LeanCloud's; a
/// LeanCloud route's app is known once its keys are checked. A request takes one fault at most.
/// The admin surface's stage list has no fault stage: a fault never locks the developer out of
/// removing it.
struct FaultStage: Sendable {
    /// The fault injected for this request's method and path, taken (a fault counts its uses),
    /// once authentication named the app.
    func take(for context: RequestContext<AppRuntime?>) -> Fault? {
        // Whether the app has faults first: the method and path are read (copied) only then,
        // where copying them for every request cost two retains and two releases (issue 31).
        guard let app = context.app else { return nil }
        let faults = app.faults
        return faults.mayApply ? faults.take(method: context.http.method, path: context.http.path) : nil
    }

    /// The fault `app` has for `method` and `path`, taken.
    func take(app: AppRuntime, method: String, path: String) -> Fault? {
        let faults = app.faults
        return faults.mayApply ? faults.take(method: method, path: path) : nil
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
