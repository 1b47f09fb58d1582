import EmuData
import EmuHTTP
import LCWire

/// Which app a request without keys belongs to, for the stages that must know it before
/// authentication: the mounts of the built-in flows (RoutingStage) and the keyless routes
/// themselves. The app an app-id header names (`X-LC-Id` or an alias), else the client id of
/// HTTP Basic credentials (the OAuth token endpoint's), else the default (first) app; nil when
/// the request names an app this server does not serve.
package enum AppSelection {
    package static func app(for request: HTTPRequest, in authenticator: AppAuthenticator) -> AppRuntime? {
        let named = LCHeaderName.firstValue(of: LCHeaderName.appIdCandidates) { request.headers[$0] }
            ?? AuthorizationHeader.basic(request.headers)?.clientId
        guard let id = named ?? authenticator.defaultAppId else { return nil }
        return authenticator.app(withId: id)
    }
}
