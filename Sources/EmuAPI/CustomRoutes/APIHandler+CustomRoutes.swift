import Dispatch
import EmuHTTP
import LCWire

extension APIHandler {
    /// Answers `received` from a custom route of its app when one matches, and returns true;
    /// false lets the LeanCloud routes answer. `/__admin` is never a custom route's. Custom
    /// routes carry no LeanCloud keys: they belong to the app `X-LC-Id` names, else the first.
    func answerCustomRoute(_ lookup: CustomRouteLookup, requestId: String, exchange: Exchange,
                           respond: @escaping @Sendable (HTTPResponse) -> Void) -> Bool {
        let (app, request, received) = (lookup.app, lookup.request, lookup.request.http)
        var matched = exchange
        matched.app = app
        let exchange = matched
        let match: RouteMatch
        do {
            guard let found = try app.customRoutes.match(request, in: lookup.routes, within: RequestRegexBudget()) else { return false }
            match = found
        } catch {
            // Whether a custom route answers is unknown: neither a route nor the LeanCloud API may.
            logger.warning("custom routes: \(received.method) \(received.path) ran past the regex budget of a request")
            respond(finish(RequestRegexBudget.spentAnswer, exchange))
            return true
        }
        let context = TemplateContext(request: request, captures: match.captures, counter: match.counter, now: app.clock.now)
        switch match.route.kind {
        case .stub(_, let spec):
            let answer: @Sendable () -> Void = { [self] in
                var response = StubResponder.response(spec, route: match.route, context: context)
                response.journalRoute = match.route.id
                respond(finish(response, exchange))
            }
            // A timer, not a sleeping thread: a delayed answer holds no worker.
            guard spec.delayMilliseconds > 0 else { answer(); return true }
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(spec.delayMilliseconds), execute: answer)
        case .resource(let spec):
            let responder = ResourceResponder(spec: spec, match: match, context: context,
                                              store: ResourceStore(app: app, className: spec.className),
                                              requestId: requestId, logger: logger)
            let run: @Sendable () -> Void = { [self] in
                var response = responder.respond()
                response.journalRoute = match.route.id
                respond(finish(response, exchange))
            }
            // A resource runs a query, or a write and the read of what it wrote: on the worker pool.
            pool.submit(run)
        }
        return true
    }

    /// The LeanCloud 404 of an unknown route, with the custom routes that came closest and what
    /// differed (a near-miss report) when the app has custom routes.
    func notFound(_ error: APIError, received: HTTPRequest, lookup: CustomRouteLookup?) -> APIResponse {
        guard error.code == .routeNotFound, let lookup else { return error.response }
        let app = lookup.app
        let misses = app.customRoutes.nearMisses(lookup.request)
        guard case .object(var body) = error.code.body else { return error.response }
        // What the routes expected (a header's token, say) only for the master key; the journal,
        // itself master-only, always keeps it.
        let disclosing = carriesMasterKey(received, of: app)
        body["nearMisses"] = .array(misses.map { $0.json(disclosing: disclosing) })
        var response = APIResponse(status: error.code.httpStatus, json: .object(body))
        response.journalNearMisses = .array(misses.map { $0.json(disclosing: true) })
        return response
    }

    /// Whether `request` carries `app`'s master key (or a master signature) that verifies.
    private func carriesMasterKey(_ request: HTTPRequest, of app: AppRuntime) -> Bool {
        guard let outcome = try? authenticator.authenticate(request, access: .master) else { return false }
        return outcome.isMaster && outcome.app === app
    }

    /// The app named by `X-LC-Id` when it is one of ours, else the default (first) app.
    func customRoutesApp(for request: HTTPRequest) -> AppRuntime? {
        // One app, which is also the default: whatever the headers name, it is that app.
        if let only = authenticator.onlyApp, authenticator.defaultAppId == only.configuration.appId { return only }
        if let id = request.headers[LCHeaderName.id], let app = authenticator.app(withId: id) { return app }
        return authenticator.defaultAppId.flatMap { authenticator.apps[$0] }
    }

    /// `/__admin` in any spelling (`//__admin`, `/x/../__admin`, `/%5F_admin`, any case).
    static func isAdminPath(_ path: String) -> Bool { AdminPathSpelling.reachesAdmin(path) }
}
