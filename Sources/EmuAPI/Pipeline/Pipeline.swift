import Dispatch
import EmuData
import EmuEndpoints
import EmuHTTP
import EmuRouting
import EmuTools
import LCWire
import Primitives

/// A request's life, in order: the emulator's one HTTP handler and its one error boundary.
///
/// Two route groups, each with its own list of stages, chosen once by the path:
///
/// ```
/// the API (every path but /__admin)             the admin surface (/__admin/*, the dashboard)
///   0. the dashboard watching? (WatcherStage)     0. the dashboard watching?
///   1. CORS preflight (CORS)                      1. admin guard: Host, Origin (AdminGuard)
///   2. injected faults, for an app with custom    2. its own preflight (AdminGuard)
///      routes (FaultStage)                        3. method override
///   3. custom routes (CustomRouteStage)           4. route
///   4. method override (MethodOverrideEnvelope)   5. authenticate
///   5. route, file URLs (RoutingStage)            6. execute
///   6. authenticate (AuthenticationStage)         7. render, with the admin CORS headers
///   7. injected faults, unless taken at 2
///   8. execute (ExecutionStage)
///   9. render (Reply: errors, CORS, journal)
/// ```
///
/// Each stage is a small value in its own folder under `Pipeline/`; the stages fill one
/// `RequestContext` (id, app, credentials, access, the journal's record), which the route's
/// handler reads. As in Hummingbird's `Router.buildResponder` and NIO's channel pipeline, the
/// order lives here and nowhere else; unlike them the chain is a fixed sequence of calls on
/// concrete stages, with no closure or existential per stage, because it runs on every request.
/// A call of the dashboard watching (its marker and the master key, `WatcherStage`) skips the
/// API's faults and custom routes and is not journaled: watching changes nothing.
/// In front of it, `LargeBodyOffload` (Arrival/) hands a request with a large body to the worker pool.
final class Pipeline: HTTPHandler {
    let adminGuard: AdminGuard
    let cors: CORS
    let customRoutes: CustomRouteStage
    let routing: RoutingStage
    let authentication: AuthenticationStage
    let faults = FaultStage()
    let watchers: WatcherStage
    let execution: ExecutionStage
    let renderer: ResponseRenderer
    /// Shared by the event loops: an atomic, not a lock they would meet on.
    private let requestCounter = AtomicInteger()

    init(router: Router<APIRoute>, authenticator: AppAuthenticator, pool: WorkerPool, journal: RequestJournal,
         logger: Logger, cors: CORS, adminGuard: AdminGuard = .localOnly) {
        self.adminGuard = adminGuard
        self.cors = cors
        renderer = ResponseRenderer(cors: cors, adminGuard: adminGuard, journal: journal, directory: authenticator.directory,
                                    logger: logger)
        customRoutes = CustomRouteStage(authenticator: authenticator, pool: pool, logger: logger)
        routing = RoutingStage(router: router, authenticator: authenticator)
        authentication = AuthenticationStage(authenticator: authenticator)
        watchers = WatcherStage(authenticator: authenticator)
        execution = ExecutionStage(pool: pool, renderer: renderer)
    }

    var pool: WorkerPool { execution.pool }

    func handle(_ received: HTTPRequest, respond: @escaping @Sendable (HTTPResponse) -> Void) {
        let draft = ContextDraft(arriving: received, requestId: nextRequestId(), dispatcher: self)
        let send = renderer.logged(received, requestId: draft.requestId, respond)
        // 0. The dashboard watching leaves no trace in the journal.
        let watching = watchers.isWatching(received, nameLengths: draft.nameLengths)
        // The admin surface, in any spelling (AdminPath): a group of its own, decided once.
        if AdminPath.contains(received.path) {
            let journaled = !watching && !watchers.isDashboardPage(received)
            adminSurface(draft, Reply(renderer: renderer, crossOrigin: .admin, journaled: journaled, send: send))
        } else {
            let reply = Reply(renderer: renderer, crossOrigin: .api, journaled: !watching, send: send)
            watching ? watched(draft, reply) : api(draft, reply)
        }
    }

    // The stages fill a `ContextDraft`, handed on by `consuming` (no copy of its fields), and
    // make it a `RequestContext` once: for the route, or for the answer that ends the request.

    // MARK: The API: LeanCloud's routes, the app's custom routes, file URLs

    private func api(_ draft: consuming ContextDraft, _ reply: Reply) {
        // 1. A preflight needs no authentication.
        if Self.isPreflight(draft.received.method) { return reply.unrendered(cors.preflight(draft.received), RequestContext(draft)) }
        // The apps served, read once: the custom routes' app and authentication's are of one set.
        let apps = authentication.authenticator.directory.snapshot
        // 2–3. Faults and custom routes; matching the routes may spend a regex budget (50 ms):
        //      then on the worker pool, never on an event loop, whose other connections would wait.
        let custom = customRoutes.lookup(draft.received, in: apps)
        guard custom?.mayRunRegex != true else {
            return pool.submit { [self, draft] in apiRoutes(draft, custom, apps, reply) }
        }
        apiRoutes(draft, custom, apps, reply)
    }

    private func apiRoutes(_ draft: consuming ContextDraft, _ custom: CustomRouteLookup?, _ apps: AppDirectory.Snapshot,
                           _ reply: Reply) {
        // 2. An app with custom routes is known already (the lookup chose it): a fault the
        //    developer injected answers instead of whichever route would, or delays it.
        if let custom, let fault = faults.take(app: custom.app, method: draft.received.method, path: draft.received.path) {
            var faulted = copy draft
            faulted.app = custom.app
            return faults.inject(fault, RequestContext(faulted), reply) { [self, draft] in
                // After a delay (up to 60 s) the apps are read again: one dropped meanwhile is
                // unknown to authentication, as to any request that comes after the drop.
                let apps = authentication.authenticator.directory.snapshot
                // The routes then run on a timer's thread: a regex goes back to the pool.
                guard custom.mayRunRegex, !WorkerPool.isWorkerThread else {
                    return routes(draft, custom, apps, reply, faultTaken: true)
                }
                pool.submit { [self] in routes(draft, custom, apps, reply, faultTaken: true) }
            }
        }
        routes(draft, custom, apps, reply, faultTaken: false)
    }

    private func routes(_ draft: consuming ContextDraft, _ custom: CustomRouteLookup?, _ apps: AppDirectory.Snapshot,
                        _ reply: Reply, faultTaken: Bool) {
        // 3. Custom routes.
        if let custom, customRoutes.answer(custom, draft, reply) { return }
        // 4–6. Method override, route, authenticate.
        guard let route = resolve(&draft, custom, apps, reply) else { return }
        let context = RequestContext(draft)
        // 7. A fault the developer injected answers instead, or delays the route.
        if !faultTaken, let fault = faults.take(for: context) {
            return faults.inject(fault, context, reply) { [self] in execution.execute(route, context, reply) }
        }
        // 8–9. Execute, render.
        execution.execute(route, context, reply)
    }

    /// The API for the dashboard watching: no fault, no custom route (a scenario would move),
    /// only LeanCloud's routes.
    private func watched(_ draft: consuming ContextDraft, _ reply: Reply) {
        guard let route = resolve(&draft, nil, nil, reply) else { return }
        execution.execute(route, RequestContext(draft), reply)
    }

    // MARK: The admin surface: /__admin/* and the dashboard

    private func adminSurface(_ draft: consuming ContextDraft, _ reply: Reply) {
        // 1. Web pages in the developer's browser never reach it.
        if let refusal = adminGuard.refusal(for: draft.received) { return reply.unrendered(refusal, RequestContext(draft)) }
        // 2. Its own preflight: its own origin and --admin-origins only.
        if Self.isPreflight(draft.received.method) {
            return reply.unrendered(adminGuard.preflight(draft.received), RequestContext(draft))
        }
        // 3–5. Method override, route, authenticate (no custom route, no fault, ever).
        guard let route = resolve(&draft, nil, nil, reply) else { return }
        // 6–7. Execute, render.
        execution.execute(route, RequestContext(draft), reply)
    }

    // MARK: Stages both groups share

    /// Method override, routing and authentication, filling `draft`: the route to run, or nil
    /// when the request was answered (an error, a 404). `apps`: the snapshot of the apps the
    /// request read already, if it did.
    private func resolve(_ draft: inout ContextDraft, _ custom: CustomRouteLookup?, _ apps: AppDirectory.Snapshot?,
                         _ reply: Reply) -> APIRoute? {
        do {
            // spec §1.6: a text/plain POST may carry its method and credentials in the body.
            if let envelope = try MethodOverrideEnvelope.unwrap(draft.received) { draft.http = envelope }
        } catch {
            reply.failure(error, RequestContext(draft))
            return nil
        }
        let route: APIRoute
        switch routing.route(&draft) {
        case .success(let found): route = found
        case .failure(let error):
            customRoutes.answerNotFound(error, RequestContext(draft), custom, reply)
            return nil
        }
        do {
            try authentication.authenticate(&draft, for: route, apps: apps)
        } catch {
            reply.failure(error, RequestContext(draft))
            return nil
        }
        return route
    }

    /// `method == "OPTIONS"`, its length asked first: `==` of two short strings that differ
    /// (`GET`) went through the standard library's general comparison (~25 instructions).
    private static func isPreflight(_ method: String) -> Bool { method.utf8.count == 7 && method == "OPTIONS" }

    private func nextRequestId() -> RequestId {
        RequestId(counter: UInt64(UInt(bitPattern: requestCounter.add(1))))
    }
}

// MARK: - Sub-requests

/// The pipeline runs a batch's sub-requests (`RequestContext.dispatch(_:)`): routed by the same
/// router and run by the same execution stage as a top-level request, with the outer request's
/// app, privilege and headers. And it knows every app it serves, for the health check.
extension Pipeline: SubRequestDispatching {
    func dispatch<App>(_ subrequest: SubRequest, inside outer: RequestContext<App>) -> APIResponse {
        let route: APIRoute
        let parameters: RouteCaptures
        switch routing.match(method: subrequest.method, path: subrequest.path) {
        case .success(let matched): (route, parameters) = matched
        case .failure(let error): return error.response
        }
        // The outer request authenticated the app; a master-only route still needs the master key.
        if route.access == .master && !outer.isMaster { return APIError(.unauthorized).response }
        var headers = outer.http.headers
        for name in ["Content-Type", "Content-Length", "Transfer-Encoding", "Expect"] { headers.remove(name) }
        var body: [UInt8] = []
        if let json = subrequest.body, !json.isNull {
            body = json.serialized()
            headers.set("Content-Type", "application/json")
        }
        let inner = HTTPRequest(
            method: subrequest.method, target: subrequest.target, path: subrequest.path, query: subrequest.query,
            version: outer.http.version, headers: headers, body: body, isSecure: outer.http.isSecure)
        let context = RequestContext<AppRuntime?>(
            http: inner, parameters: parameters, requestId: outer.requestId, app: outer.runtime,
            isMaster: outer.isMaster, credentialSessionToken: outer.credentialSessionToken, dispatcher: self)
        return execution.run(route, context)
    }

    var servedApps: [AppRuntime] { Array(renderer.directory.snapshot.apps.values) }
    var appDirectory: AppDirectory { renderer.directory }
}
