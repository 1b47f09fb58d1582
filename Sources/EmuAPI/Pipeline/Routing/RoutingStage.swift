import EmuData
import EmuEndpoints
import EmuHTTP
import EmuRouting
import EmuTools
import LCWire

/// Routing: the route for the request's method and path (`Routes`), its captures written into
/// the context; a path under an app's mount of a built-in flow is routed as the flow's canonical
/// path (below); a GET of no route may still be a file URL, `<base>/<key>` (further below).
struct RoutingStage: Sendable {
    let router: Router<APIRoute>
    /// The apps served, whose files a root file URL may name and whose mounts move the flows.
    let authenticator: AppAuthenticator
    /// Whether some app mounts a flow away from its canonical prefix: else no request pays a look-up.
    let movesAFlow: Bool
    /// The routes without captures, looked up by their whole path before the tree.
    let literals: LiteralRoutes

    init(router: Router<APIRoute>, authenticator: AppAuthenticator) {
        self.router = router
        literals = LiteralRoutes(router)
        self.authenticator = authenticator
        movesAFlow = authenticator.apps.values.contains { !$0.configuration.options.webLogin.mounts.isCanonical }
    }

    /// The route of `context.http`, with `context.parameters` filled; else the error to answer
    /// (an unknown route marks the context unmatched, for the journal).
    func route(_ context: inout ContextDraft) -> Result<APIRoute, APIError> {
        // A route without captures, by its whole path (no app moves a flow, so the path is the
        // one routed): the draft's captures are left as the request arrived with them, none,
        // where writing empty ones over them destroyed the old and made new (~60 instructions).
        if !movesAFlow, let route = literals.route(method: context.http.method, path: context.http.path) {
            return .success(route)
        }
        let method = context.http.method
        switch mounted(context.http) {
        case .unchanged: break
        case .canonical(let path): context.http.path = path
        case .notFound:
            context.isUnmatched = true
            return .failure(APIError(.routeNotFound))
        }
        let path = context.http.path
        // The literal routes were asked above, unless a mount may have changed the path.
        switch movesAFlow ? match(method: method, path: path) : treeMatch(method: method, path: path) {
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
        if let route = literals.route(method: method, path: path) { return .success((route, RouteCaptures())) }
        return treeMatch(method: method, path: path)
    }

    /// `match` by the router's tree alone.
    private func treeMatch(method: String, path: String) -> Result<(APIRoute, RouteCaptures), APIError> {
        switch router.match(method: method, path: path) {
        case .found(let found, let captured): return .success((found, captured))
        case .methodNotAllowed: return .failure(APIError(.methodNotAllowed))
        case .notFound: return .failure(APIError(.routeNotFound))
        }
    }
}

// MARK: - Mounted flows

/// An app may mount the OAuth and cookie-session flows under prefixes of its own
/// (`options.mounts`, docs/web-login.md), so that its log-in and its data share one base URL.
/// The router stays static, with the canonical `/oauth/…` and `/api/…` routes: a path under a
/// mount of the request's app (AppSelection) is routed as the canonical path, and a canonical
/// path of a flow the app moved or switched off is not found. Handlers read no path, so they
/// answer alike at either; the journal keeps the path as sent.
extension RoutingStage {
    func mounted(_ request: HTTPRequest) -> FlowMounts.Resolution {
        guard movesAFlow, let app = AppSelection.app(for: request, in: authenticator) else { return .unchanged }
        return app.configuration.options.webLogin.mounts.resolve(request.path)
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
