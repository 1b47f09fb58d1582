/// The verdict of `LCAuthVerifier`.
public enum LCAuthResult: Sendable, Hashable {
    /// Authenticated with this privilege.
    case success(privilege: LCPrivilege)
    /// Rejected; answer 401 `{"code":401,"error":"Unauthorized."}` (spec §1.4.5) and put
    /// `failure.reason` in `LCHeaderName.authDiagnostic`.
    case failure(LCAuthFailure)
}
