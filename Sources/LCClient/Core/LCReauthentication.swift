import Foundation

/// The opt-in answer to an expired or revoked session: log in again through a closure the app
/// provides, then retry the failed request once.
///
/// ```swift
/// let app = base.withReauthentication(LCReauthentication { app in
///     try await LCUser.logIn(username: savedName, password: keychainPassword, in: app)
/// })
/// ```
///
/// A failure counts as "session no longer valid" when its code is 211 (`Could not find user`),
/// or when it is a 403 (`Forbidden … by object's ACL`, 206 `cannot be altered … without the
/// session`) and `GET /1.1/users/me` with the same token confirms with 211 that the token is dead.
/// A 403 for a live session is a real denial and is not retried.
public struct LCReauthentication: Sendable {
    /// Logs in again; it must leave a user with a fresh session as the app's current user.
    public var reauthenticate: @Sendable (LCApplication) async throws -> Void

    public init(_ reauthenticate: @escaping @Sendable (LCApplication) async throws -> Void) {
        self.reauthenticate = reauthenticate
    }

    /// Set while the closure runs, so that its own requests are never re-authenticated.
    @TaskLocal static var isRunning = false

    /// Runs the closure once for all the requests that failed with `deadToken` at the same time:
    /// a request that finds a newer token (another one re-authenticated) just retries with it.
    func run(for app: LCApplication, replacing deadToken: String) async throws {
        if let current = app.currentUser?.sessionToken, current != deadToken { return }
        let task = app.state.sharedReauthentication {
            Task {
                try await LCReauthentication.$isRunning.withValue(true) { try await reauthenticate(app) }
            }
        }
        try await task.value
    }

    /// Whether `error`, for a request that carried `sessionToken`, means that the session died.
    func applies(to error: LCError, sessionToken: String, in app: LCApplication) async throws -> Bool {
        if error.code == .userNotFound { return true }
        guard error.httpStatus == 403 || error.code == .forbidden || error.code == .sessionMissing else { return false }
        do {
            _ = try await app.perform("GET", "/1.1/users/me", query: [], body: nil,
                                      options: LCRequestOptions(sessionToken: sessionToken), sessionToken: sessionToken)
            return false
        } catch let probe as LCError {
            return probe.code == .userNotFound
        }
    }
}
