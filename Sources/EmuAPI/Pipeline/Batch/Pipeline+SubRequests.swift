import EmuData
import EmuEndpoints
import EmuHTTP
import EmuRouting
import EmuTools
import LCWire

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
            http: inner, parameters: parameters, requestId: outer.requestId, app: outer.app as? AppRuntime,
            isMaster: outer.isMaster, credentialSessionToken: outer.credentialSessionToken, dispatcher: self)
        return execution.run(route, context)
    }

    var servedApps: [AppRuntime] { Array(renderer.apps.values) }
}
