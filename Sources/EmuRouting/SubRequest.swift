import EmuData
import EmuHTTP
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire

/// A request the emulator dispatches inside another one, as `/1.1/batch` does (spec §4.1): it
/// runs through the same router, access rules and handlers as a top-level request, with the
/// outer request's app, privilege and headers. `RequestContext.dispatch(_:)` runs it.
///
/// Its path is kept in the `/1.1/…` form the routes use, whatever form the client wrote, and its
/// query is the path's (after a `?`) followed by the batch's `params`.
package struct SubRequest: Sendable {
    /// `GET`, `POST`, `PUT` or `DELETE`.
    package var method: String
    /// The decoded path in the `/1.1/…` form: `/1.1/classes/Post/abc`.
    package let path: String
    /// The query parameters: those after a `?` in the path as written, then the batch `params`.
    package let query: [(name: String, value: String)]
    /// The JSON body; nil sends none.
    package var body: JSON?

    /// - Parameter path: as the client wrote it: `/1.1/classes/Post/abc`, `classes/Post`,
    ///   optionally with `?query`.
    package init(method: String, path written: String, query: [(name: String, value: String)] = [], body: JSON? = nil) {
        self.method = method
        self.body = body
        let parts = written.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let raw = String(parts.first ?? "")
        // Paths are percent-decoded like the HTTP parser does; `+` stays a plus outside a query.
        var path = raw.percentDecoded ?? raw
        if !path.hasPrefix("/") { path = "/" + path }
        // SDKs always send `/1.1/…` (spec §4.1); a bare `/classes/…` is read the same way. Paths
        // outside `/1.1` (`/__admin`) become unknown `/1.1/__admin/…` routes: never reachable.
        if path != "/1.1" && !path.hasPrefix("/1.1/") { path = "/1.1" + path }
        self.path = path
        self.query = (parts.count > 1 ? QueryString.decode(parts[1]) : []) + query
    }

    /// The request-target as a client would have sent it.
    package var target: String {
        query.isEmpty ? QueryString.encodePath(path) : QueryString.encodePath(path) + "?" + QueryString.encode(query)
    }

    /// `/1.1/batch` and `/1.1/batch/save` cannot run inside a batch.
    var isBatch: Bool {
        let segments = path.split(separator: "/")
        return segments.count >= 2 && segments[1] == "batch"
    }
}

/// What runs a context's sub-requests: the emulator's `Pipeline` (the server's conformance,
/// `Pipeline.swift`), through the same router, access rules and handlers as a
/// top-level request. It also knows every app the server serves, for the health check.
package protocol SubRequestDispatching: AnyObject, Sendable {
    /// The response `subrequest` gets inside `outer`; failures are error responses, never thrown.
    func dispatch<App>(_ subrequest: SubRequest, inside outer: RequestContext<App>) -> APIResponse
    /// Every app the server serves.
    var servedApps: [AppRuntime] { get }
    /// The apps served, which `/__admin/apps` adds to and drops from.
    var appDirectory: AppDirectory { get }
}

extension RequestContext {
    /// Runs `subrequest` synchronously on the caller's thread (a batch already runs on the
    /// worker pool) with this request's app, privilege and headers (session token included):
    /// the response it would have had on its own; failures are error responses, never thrown.
    /// Its context is its own, of the same shape: the caller is looked up afresh (its query may
    /// carry `session_token`, and an earlier sub-request may have changed the session).
    package func dispatch(_ subrequest: SubRequest) -> APIResponse {
        guard let dispatcher else { return APIError(.internalServerError(requestId: requestId)).response }
        if subrequest.isBatch { return APIError(.nestedBatch).response }
        return dispatcher.dispatch(subrequest, inside: self)
    }
}

extension LCErrorCode {
    /// A batch inside a batch: refused, so one request cannot fan out without bound (code 1;
    /// with the batch endpoints' other refusals in docs/compatibility.md, "Batch").
    package static let nestedBatch = LCErrorCode(code: 1, message: "A batch request cannot contain batch requests.", httpStatus: 400)
}
