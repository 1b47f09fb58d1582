import Dispatch
import EmuData
import EmuEndpoints
import EmuHTTP
import EmuRouting
import EmuTools
import LCWire

/// Custom routes: the mocks a developer defines for an app (CustomRoutes/) answer before the
/// LeanCloud routes, and an unknown route's 404 reports the custom routes that came closest.
/// Custom routes carry no LeanCloud keys: they belong to the app `X-LC-Id` names, else the first.
/// Only the API's route group has this stage: the admin surface is never a custom route's.
struct CustomRouteStage: Sendable {
    let authenticator: AppAuthenticator
    let pool: WorkerPool
    let logger: Logger

    /// Answers the request from a custom route of its app when one matches, and returns true;
    /// false lets the LeanCloud routes answer.
    func answer(_ lookup: CustomRouteLookup, _ draft: ContextDraft, _ reply: Reply) -> Bool {
        let (app, request, received) = (lookup.app, lookup.request, lookup.request.http)
        // The context of the answer, with the custom routes' app: made only when one answers.
        func answeredContext() -> RequestContext<AppRuntime?> {
            var answered = draft
            answered.app = app
            return RequestContext(answered)
        }
        let match: RouteMatch
        do {
            guard let found = try app.customRoutes.match(request, in: lookup.routes, within: RequestRegexBudget()) else { return false }
            match = found
        } catch {
            // Whether a custom route answers is unknown: neither a route nor the LeanCloud API may.
            logger.warning("custom routes: \(received.method) \(received.path) ran past the regex budget of a request")
            reply(RequestRegexBudget.spentAnswer, answeredContext())
            return true
        }
        let answered = answeredContext()
        let template = TemplateContext(request: request, captures: match.captures, counter: match.counter, now: app.clock.now)
        switch match.route.kind {
        case .stub(_, let spec) where StubAnswer.readsStore(match.route):
            // Its caller and actions read (and write) the database: on the worker pool, as a
            // resource; the delay then waits on a timer, holding no worker.
            let (routes, requestId, logger) = (lookup.routes, answered.requestId, logger)
            pool.submit {
                var response = StubAnswer.respond(match.route, spec, context: template, app: app, routes: routes,
                                                  requestId: requestId, logger: logger)
                response.journalRoute = match.route.id
                Self.send(response, after: spec.delayMilliseconds) { reply($0, answered) }
            }
        case .stub(_, let spec):
            var response = StubResponder.response(spec, route: match.route, context: template)
            response.journalRoute = match.route.id
            Self.send(response, after: spec.delayMilliseconds) { reply($0, answered) }
        case .resource(let spec):
            let responder = ResourceResponder(spec: spec, match: match, context: template,
                                              store: ResourceStore(app: app, className: spec.className),
                                              requestId: answered.requestId, logger: logger)
            let run: @Sendable () -> Void = {
                var response = responder.respond()
                response.journalRoute = match.route.id
                reply(response, answered)
            }
            // A resource runs a query, or a write and the read of what it wrote: on the worker pool.
            pool.submit(run)
        }
        return true
    }

    /// Sends `response` at once, or after `milliseconds` on a timer, not a sleeping thread: a
    /// delayed answer holds no worker.
    private static func send(_ response: APIResponse, after milliseconds: Int, _ reply: @escaping @Sendable (APIResponse) -> Void) {
        guard milliseconds > 0 else { return reply(response) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { reply(response) }
    }

    /// Answers the 404 (or 405) of an unknown route. Its near-miss report tries every custom
    /// route's matchers whatever the path, regexes too (under a budget of its own): when some
    /// route matches by regex, the report is made on the worker pool, not on an event loop.
    /// Only requests that no route answers pay that hop.
    func answerNotFound(_ error: APIError, _ context: RequestContext<AppRuntime?>, _ lookup: CustomRouteLookup?,
                        _ reply: Reply) {
        let answer: @Sendable () -> Void = { [self] in reply(notFound(error, received: context.received, lookup: lookup), context) }
        guard error.code == .routeNotFound, lookup?.routes.nearMissesRunRegex == true, !WorkerPool.isWorkerThread else {
            return answer()
        }
        pool.submit(answer)
    }

    /// The LeanCloud 404 of an unknown route, with the custom routes that came closest and what
    /// differed (a near-miss report) when the app has custom routes.
    private func notFound(_ error: APIError, received: HTTPRequest, lookup: CustomRouteLookup?) -> APIResponse {
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
        guard let outcome = try? authenticator.authenticate(request, access: .master, provisioning: false) else { return false }
        return outcome.isMaster && outcome.app === app
    }
}

// MARK: - Finding the app's custom routes

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

extension CustomRouteStage {
    /// The custom routes that may answer `received`; nil when its app has none. A path that
    /// could be taken for `/__admin` in a spelling a lenient proxy would decode
    /// (`AdminPathSpelling`) has none either: no mock stands in front of the emulator's own checks.
    /// - Parameter apps: the apps served, as the request read them once (authentication reads
    ///   the same snapshot).
    func lookup(_ received: HTTPRequest, in apps: AppDirectory.Snapshot) -> CustomRouteLookup? {
        // The cheap tests first: most apps have no custom routes, and every request asks.
        guard let app = app(for: received, in: apps), let routes = app.customRoutes.snapshot,
              !AdminPathSpelling.reachesAdmin(received.path) else { return nil }
        return CustomRouteLookup(app: app, routes: routes, request: IncomingRequest(received))
    }

    /// The app named by `X-LC-Id` when it is one of ours, else the default (first) app; none for
    /// an id of the opt-in prefix not made yet, whose app will have no custom routes either.
    private func app(for request: HTTPRequest, in apps: AppDirectory.Snapshot) -> AppRuntime? {
        // One app, which is also the default: whatever the headers name, it is that app.
        if let sole = apps.soleApp { return sole }
        if let id = request.headers[LCHeaderName.id] {
            if let app = apps.app(withId: id) { return app }
            if authenticator.directory.isOfPrefix(id) { return nil }
        }
        return apps.defaultApp
    }
}
