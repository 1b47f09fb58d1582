import EmuData
import EmuRouting
import LCWire

/// The answer of a stub route that reads the store: its caller first (`auth`: a refusal is the
/// answer), then its actions (nothing found → `notFound`, a refused write → `error`, and nothing
/// is written), then its response with `{{caller}}` and `{{actions.<name>}}` filled in. Reads
/// the database: the pipeline calls it on the worker pool.
package enum StubAnswer {
    /// Whether `route` reads the store before it answers (then on the worker pool).
    package static func readsStore(_ route: CustomRoute) -> Bool { route.auth != nil || !route.actions.isEmpty }

    package static func respond(_ route: CustomRoute, _ spec: ResponseSpec, context: TemplateContext, app: AppRuntime,
                                routes: CustomRoutes.Snapshot, requestId: String, logger: Logger) -> APIResponse {
        var context = context
        if let auth = route.auth {
            switch auth.resolve(context.request, app: app, routeId: route.id, context: context,
                                writes: route.actions.contains(where: \.writes)) {
            case .refused(let refusal): return refusal
            case .caller(let caller): context.caller = caller
            }
        }
        var response = answer(route, spec, context: context, app: app, routes: routes, requestId: requestId, logger: logger)
        response.journalCaller = context.caller?[LCFieldName.objectId]?.stringValue
        return response
    }

    /// The actions' outcome and the response, once the caller is known.
    private static func answer(_ route: CustomRoute, _ spec: ResponseSpec, context: TemplateContext, app: AppRuntime,
                               routes: CustomRoutes.Snapshot, requestId: String, logger: Logger) -> APIResponse {
        var context = context
        if !route.actions.isEmpty {
            do {
                try RouteActionRunner(app: app, resource: routes.actionTarget).run(route.actions, &context)
            } catch let missing as RouteActionRunner.NothingFound {
                return failure(route.notFound, route, context, status: 404, code: LCErrorCode.objectNotFound.code, missing.message)
            } catch let keyError as Template.KeyError {
                // A resource `default` of a templated key: the author's bug, as in a response.
                return keyError.response(route: route.id)
            } catch {
                let code: LCErrorCode
                if let invalid = error as? InvalidInput {
                    code = .invalidParameter(invalid.detail)
                } else {
                    code = APIError(answering: error, requestId: requestId, failing: "route '\(route.id)' actions", logger: logger).code
                }
                // An internal failure is the emulator's, not the route's: LeanCloud's 500, as anywhere.
                guard code.httpStatus < 500 else { return APIError(code, headers: [("X-LCEmu-Request-Id", requestId)]).response }
                return failure(route.errorAnswer, route, context, status: code.httpStatus == 404 ? 404 : 400, code: code.code, code.message)
            }
        }
        return StubResponder.response(spec, route: route, context: context)
    }

    /// The route's own answer (`notFound`, `error`) with `{{error}}` and `{{code}}`, else
    /// LeanCloud's `{"code","error"}` with `status`.
    private static func failure(_ answer: ResponseSpec?, _ route: CustomRoute, _ context: TemplateContext, status: Int,
                                code: Int, _ message: String) -> APIResponse {
        var context = context
        context.extra["error"] = .string(message)
        context.extra["code"] = JSON(code)
        if let answer { return StubResponder.response(answer, route: route, context: context) }
        var response = APIResponse(status: status, json: [LCWireKey.code: JSON(code), LCWireKey.error: .string(message)])
        RouteContentIsolation.apply(to: &response.headers)
        return response
    }
}

extension CustomRoutes.Snapshot {
    /// What an action on the resource route `id` works on, in that resource's shape; nil when
    /// no route of that id is a resource.
    func actionTarget(_ id: String) -> RouteActionRunner.Target? {
        routes.first { $0.id == id }.flatMap(RouteActionRunner.Target.init(route:))
    }
}
