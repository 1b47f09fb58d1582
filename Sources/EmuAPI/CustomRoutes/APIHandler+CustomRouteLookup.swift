import EmuHTTP

/// One request's view of its app's custom routes, taken once when it arrives: the app, its
/// routes as they were then, and the request as the matchers read it.
struct CustomRouteLookup: Sendable {
    let app: AppRuntime
    let routes: CustomRoutes.Snapshot
    let request: IncomingRequest

    /// Whether matching may run a regex, and so spend the request's budget (50 ms): a route
    /// with a `matches` matcher fits the method and path. Then on the worker pool.
    var mayRunRegex: Bool { routes.mayRunRegex(request) }
}

extension APIHandler {
    /// The custom routes that may answer `received`; nil when its app has none, or for `/__admin`.
    func customRouteLookup(_ received: HTTPRequest) -> CustomRouteLookup? {
        // The cheap tests first: most apps have no custom routes, and every request asks.
        guard let app = customRoutesApp(for: received), let routes = app.customRoutes.snapshot,
              !Self.isAdminPath(received.path) else { return nil }
        return CustomRouteLookup(app: app, routes: routes, request: IncomingRequest(received))
    }

    /// Answers the 404 of an unknown route. Its near-miss report tries every custom route's
    /// matchers whatever the path, regexes too (under a budget of its own): when some route
    /// matches by regex, the report is made on the worker pool, not on an event loop. Only
    /// requests that no route answers pay that hop.
    func answerNotFound(_ error: APIError, received: HTTPRequest, lookup: CustomRouteLookup?, exchange: Exchange,
                        respond: @escaping @Sendable (HTTPResponse) -> Void) {
        let answer: @Sendable () -> Void = { [self] in respond(finish(notFound(error, received: received, lookup: lookup), exchange)) }
        guard error.code == .routeNotFound, lookup?.routes.nearMissesRunRegex == true, !WorkerPool.isWorkerThread else {
            return answer()
        }
        pool.submit(answer)
    }
}
