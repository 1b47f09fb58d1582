import Dispatch
import EmuHTTP
import EmuSQLite
import LCWire
import Primitives

/// The emulator's one HTTP handler and its one error boundary: it routes, authenticates, runs
/// the route where it belongs, and turns every failure into LeanCloud's error format.
final class APIHandler: HTTPHandler {
    let router: Router<APIRoute>
    let authenticator: AppAuthenticator
    let pool: WorkerPool
    let logger: Logger
    let cors: CORS
    let journal: RequestJournal
    private let requestCounter = Locked<UInt64>(0)

    init(router: Router<APIRoute>, authenticator: AppAuthenticator, pool: WorkerPool, journal: RequestJournal,
         logger: Logger, cors: CORS) {
        self.cors = cors
        self.journal = journal
        self.router = router
        self.authenticator = authenticator
        self.pool = pool
        self.logger = logger
    }

    func handle(_ received: HTTPRequest, respond answer: @escaping @Sendable (HTTPResponse) -> Void) {
        let requestId = nextRequestId()
        let respond = logged(received, requestId: requestId, answer)
        let exchange = Exchange(received: received)
        // Web pages in the developer's browser never reach /__admin (AdminGuard), in any spelling.
        if exchange.isAdmin, let refusal = cors.admin.refusal(for: received) { return respond(journaled(refusal, exchange)) }
        if received.method == "OPTIONS" { return respond(journaled(cors.preflight(received, isAdmin: exchange.isAdmin), exchange)) }
        // A request a regex route fits may spend its whole regex budget (50 ms): on the worker
        // pool, never on an event loop, whose other connections would wait. The rest stay here.
        let custom = customRouteLookup(received)
        guard custom?.mayRunRegex != true else {
            return pool.submit { [self] in proceed(received, custom, requestId: requestId, exchange: exchange, respond: respond) }
        }
        proceed(received, custom, requestId: requestId, exchange: exchange, respond: respond)
    }

    /// The pipeline after the admin guard and preflights: custom routes, the method-override
    /// envelope, routing, authentication, faults, then the route.
    private func proceed(_ received: HTTPRequest, _ custom: CustomRouteLookup?, requestId: String, exchange: Exchange,
                         respond: @escaping @Sendable (HTTPResponse) -> Void) {
        var exchange = exchange
        if let custom, answerCustomRoute(custom, requestId: requestId, exchange: exchange, respond: respond) { return }
        let request: HTTPRequest
        do {
            // spec §1.6: a text/plain POST may carry its method and credentials in the body.
            request = try MethodOverrideEnvelope.unwrap(received)
        } catch {
            return respond(finish(render(error, requestId: requestId, request: received), exchange))
        }
        let route: APIRoute
        let parameters: RouteCaptures
        switch self.route(method: request.method, path: request.path) {
        case .success(let matched): (route, parameters) = matched
        case .failure(let error):
            // A GET of no route may be a file URL, `<base>/<key>` (APIHandler+RootFiles.swift).
            guard let file = rootFileRoute(method: request.method, path: request.path) else {
                exchange.unmatched = error.code == .routeNotFound
                return answerNotFound(error, received: received, lookup: custom, exchange: exchange, respond: respond)
            }
            (route, parameters) = file
        }
        let apiRequest: APIRequest
        do {
            let auth = try authenticator.authenticate(request, access: route.access, parameters: parameters)
            // The request's context, filled once: handlers read it, never the credentials again.
            apiRequest = APIRequest(http: request, parameters: parameters, requestId: requestId,
                                    app: auth.app, isMaster: auth.isMaster, credentialSessionToken: auth.sessionToken,
                                    dispatcher: self)
        } catch {
            return respond(finish(render(error, requestId: requestId, request: request), exchange))
        }
        exchange.app = apiRequest.app
        if let app = apiRequest.app, !exchange.isAdmin,
           let fault = app.faults.take(method: request.method, path: request.path) {
            return inject(fault, route: route, request: apiRequest, exchange: exchange, respond: respond)
        }
        execute(route, apiRequest, exchange: exchange, respond: respond)
    }

    /// Runs the route where it belongs: on the connection's own thread (while the pool allows), or on
    /// the worker pool.
    func execute(_ route: APIRoute, _ request: APIRequest, exchange: Exchange,
                 respond: @escaping @Sendable (HTTPResponse) -> Void) {
        switch route.execution(for: request.http.method) {
        case .inline where pool.enterInline():
            defer { pool.leaveInline() }
            respond(finish(run(route, request), exchange))
        case .inline, .pooled:
            pool.submit { [self] in respond(finish(run(route, request), exchange)) }
        }
    }

    /// The route for a method and path with its captures, or the error to answer with.
    func route(method: String, path: String) -> Result<(APIRoute, RouteCaptures), APIError> {
        switch router.match(method: method, path: path) {
        case .found(let found, let captured): return .success((found, captured))
        case .methodNotAllowed: return .failure(APIError(.methodNotAllowed))
        case .notFound: return .failure(APIError(.routeNotFound))
        }
    }

    /// Runs a route's handler; a thrown error becomes its error response.
    func run(_ route: APIRoute, _ request: APIRequest) -> APIResponse {
        do {
            return try route.handler(request)
        } catch {
            return render(error, requestId: request.requestId, request: request.http)
        }
    }

    /// API errors (and bare error codes) render themselves; anything else is a bug: log it,
    /// answer 500 with code 1.
    func render(_ error: Error, requestId: String, request: HTTPRequest) -> APIResponse {
        if let apiError = APIError(thrown: error) {
            // A full disk or a damaged file: the client is told; the operator reads it here.
            if error is SQLiteError { logger.error("request \(requestId) \(request.method) \(AccessLog.redacted(request.path)): storage failed: \(error)") }
            return apiError.response
        }
        logger.error("request \(requestId) \(request.method) \(AccessLog.redacted(request.path)) failed: \(error)")
        var response = APIError(.internalServerError(requestId: requestId)).response
        response.headers.add("X-LCEmu-Request-Id", requestId)
        return response
    }

    /// The response as sent: with the CORS headers, and kept by the journal.
    func finish(_ response: APIResponse, _ exchange: Exchange) -> HTTPResponse {
        var http = response.httpResponse
        cors.decorate(&http, for: exchange.received, isAdmin: exchange.isAdmin)
        return journaled(http, exchange, route: response.journalRoute, nearMisses: response.journalNearMisses)
    }

    /// `respond`, writing the access line first when the log level is `debug` or finer.
    private func logged(_ request: HTTPRequest, requestId: String,
                        _ respond: @escaping @Sendable (HTTPResponse) -> Void) -> @Sendable (HTTPResponse) -> Void {
        guard logger.level <= .debug else { return respond }
        let started = DispatchTime.now().uptimeNanoseconds
        return { [logger] response in
            let elapsed = DispatchTime.now().uptimeNanoseconds - started
            logger.debug(AccessLog.line(requestId: requestId, request: request, response: response, nanoseconds: elapsed))
            respond(response)
        }
    }

    private func nextRequestId() -> String {
        let n = requestCounter.withValue { value -> UInt64 in
            value &+= 1
            return value
        }
        return Hex.encode(n)
    }
}
