import EmuData
import EmuEndpoints
import EmuHTTP
import EmuRouting
import EmuSQLite
import EmuTools
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire

/// The last stage, where every answer leaves the pipeline: a failure rendered in LeanCloud's
/// error format, the route group's cross-origin headers, the journal's record, then the
/// connection. Each request carries one `Reply`; stages that answer call it.
struct Reply: Sendable {
    /// Whose cross-origin headers the answers carry: the API's (`CORS`), or the admin
    /// surface's (`AdminGuard`), chosen by the route group.
    enum CrossOrigin: Sendable { case api, admin }

    let renderer: ResponseRenderer
    let crossOrigin: CrossOrigin
    /// False for the dashboard watching (`WatcherStage`): the journal never sees the exchange.
    let journaled: Bool
    let send: @Sendable (HTTPResponse) -> Void

    /// Answers with `response`, with cross-origin headers, after the journal kept it.
    ///
    /// `response` is consumed: its headers and body move into the HTTP response, which the
    /// journal and the connection then read in place. Copying it (to convert it, and again as
    /// the journal handed it back) retained and released each array several times, ~400
    /// instructions per request through the arrays' generic copy and destroy (issue 31).
    func callAsFunction(_ response: consuming APIResponse, _ context: RequestContext<AppRuntime?>) {
        var response = response
        let (route, nearMisses, caller) = (response.journalRoute, response.journalNearMisses, response.journalCaller)
        var http = response.takeHTTPResponse()
        switch crossOrigin {
        case .api: renderer.cors.decorate(&http, for: context.received)
        case .admin: renderer.adminGuard.decorate(&http, for: context.received)
        }
        if journaled { renderer.record(http, context, route: route, nearMisses: nearMisses, caller: caller) }
        send(http)
    }

    /// Answers with the error response `error` renders.
    func failure(_ error: Error, _ context: RequestContext<AppRuntime?>) {
        self(renderer.render(error, context), context)
    }

    /// Answers with a response complete as it is (a preflight, an admin refusal): journaled only.
    func unrendered(_ response: HTTPResponse, _ context: RequestContext<AppRuntime?>) {
        if journaled { renderer.record(response, context) }
        send(response)
    }
}

/// What the render stage needs, built once per server.
final class ResponseRenderer: Sendable {
    let cors: CORS
    let adminGuard: AdminGuard
    let journal: RequestJournal
    /// Every app served, by id: a refused request still shows in the journal of the app it names.
    let directory: AppDirectory
    let logger: Logger
    /// Whether each request's access line is written (`--log-level debug` or finer): the
    /// logger's level never changes, and comparing levels (`LogLevel.<`, which looks both up in
    /// `allCases`) cost ~100 instructions on every request.
    let logsAccess: Bool

    init(cors: CORS, adminGuard: AdminGuard, journal: RequestJournal, directory: AppDirectory, logger: Logger) {
        self.cors = cors
        self.adminGuard = adminGuard
        self.journal = journal
        self.directory = directory
        self.logger = logger
        logsAccess = logger.level <= .debug
    }

    /// API errors (and bare error codes) render themselves; anything else is a bug: log it,
    /// answer 500 with code 1.
    func render<App>(_ error: Error, _ context: RequestContext<App>) -> APIResponse {
        let request = context.http
        return APIError(answering: error, requestId: context.requestId,
                        failing: "\(request.method) \(AccessLog.redacted(request.path))", logger: logger).response
    }

    /// Keeps `response` in the journal with its request.
    func record(_ response: HTTPResponse, _ context: RequestContext<AppRuntime?>, route: String? = nil,
                nearMisses: JSON? = nil, caller: String? = nil) {
        guard journal.isEnabled else { return }
        // The clock of `arrivedAt` (ContextDraft), read directly: `DispatchTime` cost ~55 more.
        let elapsed = MonotonicTime.nanoseconds() - context.arrivedAt
        journal.record(appId: context.app?.configuration.appId ?? namedApp(of: context.received),
                       request: context.received, response: response, nanoseconds: elapsed, route: route,
                       unmatched: context.isUnmatched || nearMisses != nil, nearMisses: nearMisses, caller: caller,
                       requestId: context.requestIdentifier)
    }

    /// The app a request names in its headers, when it is one this server serves: a refused
    /// request still shows in its app's journal, where its developer looks for it.
    private func namedApp(of request: HTTPRequest) -> String? {
        let named = LCHeaderName.firstValue(of: LCHeaderName.appIdCandidates) { request.headers[$0] }
        guard let named, directory.snapshot.apps[named] != nil else { return nil }
        return named
    }

    /// `respond`, writing the access line first when the log level is `debug` or finer. Inlined
    /// into the pipeline: the usual answer, `respond` itself, then costs a test, not a call that
    /// retained and handed back the closure (~50 instructions per request, issue 31).
    @inline(__always)
    func logged(_ request: HTTPRequest, requestId: RequestId,
                _ respond: @escaping @Sendable (HTTPResponse) -> Void) -> @Sendable (HTTPResponse) -> Void {
        logsAccess ? accessLogged(request, requestId: requestId, respond) : respond
    }

    private func accessLogged(_ request: HTTPRequest, requestId: RequestId,
                              _ respond: @escaping @Sendable (HTTPResponse) -> Void) -> @Sendable (HTTPResponse) -> Void {
        let started = MonotonicTime.nanoseconds()
        return { [logger] response in
            let elapsed = MonotonicTime.nanoseconds() - started
            logger.debug(AccessLog.line(requestId: requestId.text, request: request, response: response, nanoseconds: elapsed))
            respond(response)
        }
    }
}

// MARK: - The access log

/// The one line `--log-level debug` writes per request: request id, method, path, status, the
/// LeanCloud error code and the reason of an auth refusal when there is one, and the time taken.
/// `a1 POST /1.1/classes/Post 400 code=111 0.42 ms`. The query is left out (it can carry a
/// session token) and so are path secrets (reset and verify links, upload URLs, SMS codes).
enum AccessLog {
    static func line(requestId: String, request: HTTPRequest, response: HTTPResponse, nanoseconds: UInt64) -> String {
        var line = "\(requestId) \(request.method) \(redacted(request.path)) \(response.status)"
        if response.status >= 400, let code = try? JSONParser.parse(response.body)[LCWireKey.code]?.intValue {
            line += " code=\(code)"
        }
        if let reason = response.headers[LCHeaderName.authDiagnostic] { line += " (\(reason))" }
        // Two decimals, as `%.2f` wrote them, from the hundredths of a millisecond.
        let hundredths = (nanoseconds + 5_000) / 10_000
        let fraction = hundredths % 100
        return line + " \(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) ms"
    }

    /// The path with the secret segment of the routes that take one (reset and verify links,
    /// upload URLs, SMS codes) masked, by the journal's rule (`SecretText`, in Admin/Journal/Redaction.swift).
    static func redacted(_ path: String) -> String { SecretText.masked(path, mask: "…") }
}
