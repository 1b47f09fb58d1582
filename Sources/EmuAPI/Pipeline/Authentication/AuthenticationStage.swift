import EmuData
import EmuEndpoints
import EmuRouting
import EmuTools

/// Authentication: the credentials the route's access level asks for are checked once
/// (`AppAuthenticator`), and what they establish (the app, the privilege, the session token,
/// the caller's `AccessContext`) is written into the context, where handlers read it.
struct AuthenticationStage: Sendable {
    let authenticator: AppAuthenticator

    /// Fills `context`'s app and access for `route`; throws the 401 (or 404, for an unknown app
    /// in a path) to answer instead. `apps`: the directory's snapshot the request read already.
    func authenticate(_ context: inout ContextDraft, for route: APIRoute, apps: AppDirectory.Snapshot?) throws {
        let outcome = try authenticator.authenticate(context.http, access: route.access, parameters: context.parameters,
                                                     nameLengths: context.nameLengths, apps: apps)
        context.authenticated(app: outcome.app, isMaster: outcome.isMaster, credentialSessionToken: outcome.sessionToken)
    }
}
