import EmuData
import EmuEndpoints
import EmuHTTP
import EmuRouting
import EmuTools
import LCWire

/// Routing: the route for the request's method and path (`Routes`), its captures written into
/// the context; a GET of no route may still be a file URL, `<base>/<key>` (below).
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

// MARK: - File URLs at the root

/// File URLs in LeanCloud's form, `<base>/<key>`: the SDKs check that a file saved with a chosen
/// `key` has a URL whose path is exactly `/<key>`, as on LeanCloud's file domains. A GET or HEAD
/// that matches no route is therefore tried as a file key, in the default app first and then in
/// the others by app id, and served by the route of the long form `/__files/<appId>/<key>`
/// (which keeps working for every file, and is the one to use when two apps chose the same key).
extension RoutingStage {
    func rootFileRoute(method: String, path: String) -> (APIRoute, RouteCaptures)? {
        guard method == "GET" || method == "HEAD" else { return nil }
        let key = String(path.drop(while: { $0 == "/" }))
        guard !key.isEmpty, FileURLForm.keepsPath(key), let appId = appHoldingFile(key) else { return nil }
        guard case .found(let route, let parameters) = router.match(method: method, path: "/__files/\(appId)/\(key)")
        else { return nil }
        return (route, parameters)
    }

    private func appHoldingFile(_ key: String) -> String? {
        let others = authenticator.apps.keys.filter { $0 != authenticator.defaultAppId }.sorted()
        for appId in [authenticator.defaultAppId].compactMap({ $0 }) + others {
            guard let app = authenticator.apps[appId] else { continue }
            if (try? app.database.read({ db in try FileStore.keyExists(key, in: db) })) == true { return appId }
        }
        return nil
    }
}
