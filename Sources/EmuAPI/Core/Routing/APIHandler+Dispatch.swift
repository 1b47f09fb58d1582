import EmuHTTP
import Foundation
import LCWire

extension APIHandler: SubRequestDispatching {
    /// Runs a sub-request synchronously on the caller's thread (the batch already runs on the
    /// worker pool), through the same router, access rules and handlers as a top-level request,
    /// with the outer request's app, privilege and headers (session token included). Its context
    /// is its own, of the same shape: the caller is looked up afresh (its query may carry
    /// `session_token`, and an earlier sub-request may have changed the session).
    func dispatch(_ subrequest: SubRequest, outer: APIRequest) -> APIResponse {
        let target = SubRequestTarget(subrequest)
        if target.isBatch { return APIError(.nestedBatch).response }
        let route: APIRoute
        let parameters: RouteCaptures
        switch self.route(method: subrequest.method, path: target.path) {
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
        let http = HTTPRequest(
            method: subrequest.method, target: target.target, path: target.path, query: target.query,
            version: outer.http.version, headers: headers, body: body, isSecure: outer.http.isSecure)
        let request = APIRequest(http: http, parameters: parameters, requestId: outer.requestId,
                                 app: outer.app, isMaster: outer.isMaster,
                                 credentialSessionToken: outer.credentialSessionToken, dispatcher: self)
        return run(route, request)
    }
}

/// Where a sub-request goes: its path normalised to the `/1.1/…` form the routes use, and its
/// query (from a `?` in the path, then the batch `params`).
struct SubRequestTarget {
    let path: String
    let query: [(name: String, value: String)]

    init(_ subrequest: SubRequest) {
        let parts = subrequest.path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let raw = String(parts.first ?? "")
        // Paths are percent-decoded like the HTTP parser does; `+` stays a plus outside a query.
        var path = raw.removingPercentEncoding ?? raw
        if !path.hasPrefix("/") { path = "/" + path }
        // SDKs always send `/1.1/…` (spec §4.1); a bare `/classes/…` is read the same way. Paths
        // outside `/1.1` (`/__admin`) become unknown `/1.1/__admin/…` routes: never reachable.
        if path != "/1.1" && !path.hasPrefix("/1.1/") { path = "/1.1" + path }
        self.path = path
        self.query = (parts.count > 1 ? QueryString.decode(parts[1]) : []) + subrequest.query
    }

    /// The request-target as a client would have sent it.
    var target: String {
        query.isEmpty ? QueryString.encodePath(path) : QueryString.encodePath(path) + "?" + QueryString.encode(query)
    }

    /// `/1.1/batch` and `/1.1/batch/save` cannot run inside a batch.
    var isBatch: Bool {
        let segments = path.split(separator: "/")
        return segments.count >= 2 && segments[1] == "batch"
    }
}
