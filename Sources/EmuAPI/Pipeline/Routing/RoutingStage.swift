import EmuData
import EmuEndpoints
import EmuHTTP
import EmuRouting
import EmuTools

/// Routing: the route for the request's method and path (`Routes`), its captures written into
/// the context; a GET of no route may still be a file URL, `<base>/<key>` (RootFiles.swift).
struct RoutingStage: Sendable {
    let router: Router<APIRoute>
    /// The apps served, whose files a root file URL may name.
    let authenticator: AppAuthenticator

    /// The route of `context.http`, with `context.parameters` filled; else the error to answer
    /// (an unknown route marks the context unmatched, for the journal).
    func route(_ context: inout RequestContext<AppRuntime?>) -> Result<APIRoute, APIError> {
        let (method, path) = (context.http.method, context.http.path)
        switch match(method: method, path: path) {
        case .success(let (route, captures)):
            context.parameters = captures
            return .success(route)
        case .failure(let error):
            guard let (route, captures) = rootFileRoute(method: method, path: path) else {
                context.isUnmatched = error.code == .routeNotFound
                return .failure(error)
            }
            context.parameters = captures
            return .success(route)
        }
    }

    /// The route for a method and path with its captures, or the error to answer with.
    func match(method: String, path: String) -> Result<(APIRoute, RouteCaptures), APIError> {
        switch router.match(method: method, path: path) {
        case .found(let found, let captured): return .success((found, captured))
        case .methodNotAllowed: return .failure(APIError(.methodNotAllowed))
        case .notFound: return .failure(APIError(.routeNotFound))
        }
    }
}
