import LCWire

/// A request made inside another one, as `/1.1/batch` makes them (spec §4.1): it runs through
/// the same router and handlers, with the outer request's credentials.
struct SubRequest: Sendable {
    /// `GET`, `POST`, `PUT` or `DELETE`.
    var method: String
    /// The path as the client wrote it: `/1.1/classes/Post/abc`, optionally with `?query`.
    var path: String
    /// Query parameters added to those of `path` (batch `params`).
    var query: [(name: String, value: String)] = []
    /// The JSON body; nil sends none.
    var body: JSON?
}

/// What runs a `SubRequest`: the emulator's `APIHandler`.
protocol SubRequestDispatching: Sendable {
    /// The response the sub-request would have had on its own; failures are error responses,
    /// never thrown.
    func dispatch(_ subrequest: SubRequest, outer: APIRequest) -> APIResponse
}

extension APIRequest {
    /// Runs `subrequest` through the router with this request's app, privilege and headers.
    func dispatch(_ subrequest: SubRequest) -> APIResponse {
        guard let dispatcher else { return APIError(.internalServerError(requestId: requestId)).response }
        return dispatcher.dispatch(subrequest, outer: self)
    }
}
