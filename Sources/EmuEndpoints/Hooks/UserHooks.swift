import Dispatch
import EmuData
import EmuRouting
import LCWire

/// The user hooks (docs/cloud-code.md): `onLogin` before a log-in succeeds, and it may refuse it
/// (142 with its detail, like a before-hook); `onVerified/<email|sms>` once an address is
/// verified, without the client waiting, like an after-hook.
enum UserHooks {
    /// Whether the app's engine defines `onLogin`.
    static func definesOnLogin(_ app: AppRuntime) throws -> Bool {
        guard let engine = app.engine else { return false }
        return try engine.definitions().contains(CloudHook.User.onLogin.name)
    }

    /// Calls `onLogin` with the user about to log in, when the engine defines it.
    static func onLogin(_ request: RequestContext<AppRuntime>, user: ObjectRecord) throws {
        let hook = CloudHook.User.onLogin
        guard let engine = request.app.engine, try engine.definitions().contains(hook.name) else { return }
        let object = try request.app.database.read { db in try ObjectRenderer.wireForm(user, in: db) }
        let body = Array(JSON.object(["object": .object(object)]).jsonString.utf8)
        let answer = try engine.post(hook.path, body: body, caller: request.engineCaller, kind: .beforeHook)
        guard answer.succeeded else { throw APIError(.hookRefused(answer.errorMessage)) }
    }

    /// Calls `onAuthData` with an `authData` sign-up or log-in's `authData`, when the engine
    /// defines it: its answer's `result` is the `authData` used; an error refuses (142).
    static func onAuthData(_ request: RequestContext<AppRuntime>, _ authData: JSONObject) throws -> JSONObject {
        let hook = CloudHook.User.onAuthData
        guard let engine = request.app.engine, try engine.definitions().contains(hook.name) else { return authData }
        let body = Array(JSON.object(["authData": .object(authData)]).jsonString.utf8)
        let answer = try engine.post(hook.path, body: body, caller: request.engineCaller, kind: .beforeHook)
        guard answer.succeeded else { throw APIError(.hookRefused(answer.errorMessage)) }
        return answer.json?["result"]?.objectValue ?? authData
    }

    /// Calls `onVerified/<type>` (`email` or `sms`) with the user whose address became verified
    /// (false → true; callers never call it for one verified already), once the verification has
    /// committed; its outcome changes nothing.
    static func onVerified(_ type: String, userId: String, request: RequestContext<AppRuntime>) {
        let hook = CloudHook.User.onVerified(type)
        let app = request.app
        guard let engine = app.engine, (try? engine.definitions().contains(hook.name)) == true else { return }
        let caller = request.engineCaller
        queue.async {
            let stored = try? app.database.read { db -> JSONObject? in
                guard let user = try UserStore.fetch(userId, in: db) else { return nil }
                return try ObjectRenderer.wireForm(user, in: db)
            }
            guard let object = stored ?? nil else { return }
            let body = Array(JSON.object(["object": .object(object)]).jsonString.utf8)
            _ = try? engine.post(hook.path, body: body, caller: caller, kind: .otherHook)
        }
    }

    private static let queue = DispatchQueue(label: "lcemu.engine.user-hooks")
}
