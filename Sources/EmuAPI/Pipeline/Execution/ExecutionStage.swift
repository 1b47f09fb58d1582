import EmuData
import EmuEndpoints
import EmuRouting
import EmuTools

/// Execution: the route's handler runs where it belongs, on the connection's own thread (a
/// short read, while the pool allows) or on the worker pool (`RouteExecution`), and its answer,
/// or the error it threw, goes to the render stage.
struct ExecutionStage: Sendable {
    let pool: WorkerPool
    let renderer: ResponseRenderer

    func execute(_ route: APIRoute, _ context: RequestContext<AppRuntime?>, _ reply: Reply) {
        switch route.execution(for: context.http.method) {
        case .inline where pool.enterInline():
            defer { pool.leaveInline() }
            reply(run(route, context), context)
        case .inline, .pooled:
            pool.submit { [self] in reply(run(route, context), context) }
        }
    }

    /// Runs a route's handler; a thrown error becomes its error response.
    func run(_ route: APIRoute, _ context: RequestContext<AppRuntime?>) -> APIResponse {
        do {
            return try route.handler(context)
        } catch {
            return renderer.render(error, context)
        }
    }
}
