import Dispatch
import EmuHTTP
import LCWire

/// One request on its way through `APIHandler`: what the journal records beside the answer.
struct Exchange: Sendable {
    let received: HTTPRequest
    /// Whether the request is for the admin surface in any spelling (`AdminPath`): worked out once,
    /// asked by the admin guard, CORS and the faults.
    let isAdmin: Bool
    let started = DispatchTime.now().uptimeNanoseconds
    /// The authenticated app, once known.
    var app: AppRuntime?
    /// No route answered.
    var unmatched = false

    init(received: HTTPRequest) {
        self.received = received
        isAdmin = AdminPath.contains(received.path)
    }
}

extension APIHandler {
    /// `response`, after the journal kept it with its request.
    func journaled(_ response: HTTPResponse, _ exchange: Exchange, route: String? = nil,
                   nearMisses: JSON? = nil) -> HTTPResponse {
        guard journal.isEnabled else { return response }
        let elapsed = DispatchTime.now().uptimeNanoseconds - exchange.started
        journal.record(appId: exchange.app?.configuration.appId ?? namedApp(of: exchange.received),
                       request: exchange.received, response: response, nanoseconds: elapsed, route: route,
                       unmatched: exchange.unmatched || nearMisses != nil, nearMisses: nearMisses)
        return response
    }

    /// The app a request names in its headers, when it is one this server serves: a refused
    /// request still shows in its app's journal, where its developer looks for it.
    private func namedApp(of request: HTTPRequest) -> String? {
        let named = LCHeaderName.firstValue(of: LCHeaderName.appIdCandidates) { request.headers[$0] }
        guard let named, authenticator.apps[named] != nil else { return nil }
        return named
    }
}
