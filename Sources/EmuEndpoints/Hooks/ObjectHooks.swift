import EmuData
import EmuRouting
import LCWire
import Primitives

/// The class hooks of one object request, called at the moment LeanCloud calls them
/// (docs/cloud-code.md): `beforeSave`/`beforeUpdate` before the write, with the body, and their
/// answer replaces it; `beforeDelete` before the delete; the after-hooks once the write has
/// committed, without waiting and without undoing it (`AfterHooks`). Outside every database
/// transaction: the engine may read and write through the API while LCEmu waits for it.
struct ObjectHooks {
    let engine: any CloudEngine
    let className: String
    /// The hooks the engine defines for the class, less those the request skips.
    let defined: Set<CloudHook>
    let caller: EngineCaller
    /// The caller's user, as the hooks receive it (`null` for none).
    let user: JSON

    /// The hooks of `className` for this request; nil when the app has no engine, or the engine
    /// defines none of them, or the request skips them (`__ignore_hooks` in `body`).
    static func of(_ request: RequestContext<AppRuntime>, className: String, body: JSONObject?) throws -> ObjectHooks? {
        guard let engine = request.app.engine else { return nil }
        let names = try engine.definitions()
        let skipped = skippedHooks(request, body: body)
        let defined = Set(CloudHook.allCases.filter { !skipped.contains($0.rawValue) && names.contains($0.metadataName(className)) })
        guard !defined.isEmpty else { return nil }
        return ObjectHooks(engine: engine, className: className, defined: defined, caller: request.engineCaller,
                           user: try HookUser.of(request))
    }

    /// Whether the app's engine defines any class hook.
    static func engineDefinesClassHooks(_ app: AppRuntime) throws -> Bool {
        guard let engine = app.engine else { return false }
        return try engine.definitions().contains { $0.hasPrefix("__before_") || $0.hasPrefix("__after_") }
    }

    /// `__ignore_hooks`, honoured with the master key or the app's hook key (spec §2: "needs the
    /// master or hook key"); without either it is dropped like any flag and every hook runs.
    static func skippedHooks(_ request: RequestContext<AppRuntime>, body: JSONObject?) -> Set<String> {
        guard let names = body?["__ignore_hooks"]?.arrayValue else { return [] }
        let presented = request.http.headers[LCHeaderName.hookKey]
        let hookKey = request.app.configuration.hookKey
        let trusted = request.isMaster || (presented != nil && hookKey != nil && ConstantTime.equals(presented!, hookKey!))
        return trusted ? Set(names.compactMap(\.stringValue)) : []
    }

    func runs(_ hook: CloudHook) -> Bool { defined.contains(hook) }

    // MARK: - Before

    /// `beforeSave`: the engine gets the new object; its answer is the object to create.
    func beforeSave(_ body: JSONObject) throws -> JSONObject {
        guard runs(.beforeSave) else { return body }
        return keepingPassword(of: body, try changed(body, by: try before(.beforeSave, object: sent(body))))
    }

    /// What the engine gets of a body: its fields, never a user's password.
    private func sent(_ body: JSONObject) -> JSONObject {
        var object = HookObject.sent(body)
        if className == LCClassName.user { object[LCFieldName.password] = nil }
        return object
    }

    /// A user's password, which the engine never saw, put back into the body it answered.
    private func keepingPassword(of body: JSONObject, _ result: JSONObject) -> JSONObject {
        guard className == LCClassName.user, let password = body[LCFieldName.password] else { return result }
        var result = result
        result[LCFieldName.password] = password
        return result
    }

    /// `beforeUpdate`: the engine gets the changed fields with `objectId` and `_updatedKeys`;
    /// its answer is the update to make.
    func beforeUpdate(_ body: JSONObject, objectId: String) throws -> JSONObject {
        guard runs(.beforeUpdate) else { return body }
        var object = sent(body)
        object[LCFieldName.objectId] = .string(objectId)
        object[HookObject.updatedKeys] = .array(HookObject.updatedKeys(of: body).map(JSON.string))
        return keepingPassword(of: body, try changed(body, by: try before(.beforeUpdate, object: object)))
    }

    /// `beforeDelete`: the engine gets the stored object and may refuse.
    func beforeDelete(_ stored: JSONObject) throws {
        guard runs(.beforeDelete) else { return }
        _ = try before(.beforeDelete, object: stored)
    }

    /// Calls a before-hook; a refusal is 142 with the engine's message as its detail, as
    /// LeanCloud answers (`Cloud Code validation failed. Error detail : <message>`).
    private func before(_ hook: CloudHook, object: JSONObject) throws -> EngineAnswer {
        let answer = try engine.post(hook.path(className), body: payload(object), caller: caller, kind: hook.kind)
        guard answer.succeeded else { throw APIError(.hookRefused(answer.errorMessage)) }
        return answer
    }

    /// The body a before-hook's answer makes: the object it answered, less what only travels
    /// to the engine; the body as it was when the answer is no object (`beforeDelete`'s `{}`).
    private func changed(_ body: JSONObject, by answer: EngineAnswer) throws -> JSONObject {
        guard let object = answer.json?.objectValue, !object.isEmpty else { return body }
        var result = JSONObject()
        for (key, value) in object where !HookObject.engineOnly.contains(key) { result[key] = value }
        return result
    }

    func payload(_ object: JSONObject) -> [UInt8] {
        Array(JSON.object(["object": .object(object), "user": user]).jsonString.utf8)
    }
}

// MARK: - What travels

/// The object as the hooks see it.
enum HookObject {
    static let updatedKeys = "_updatedKeys"
    /// Keys an engine's answer may hold that are not fields: the SDK's flags and markers.
    static let engineOnly: Set<String> = ["_updatedKeys", "__before", "__after", "__type", "className", "__ignore_hooks"]

    /// A request body without the flags SDKs send beside the fields.
    static func sent(_ body: JSONObject) -> JSONObject {
        var object = JSONObject()
        for (key, value) in body where !engineOnly.contains(key) && key != "__internalId" && key != "__children" { object[key] = value }
        return object
    }

    /// The top-level fields an update body writes (`a.b` writes `a`); never `objectId` and the
    /// dates, which an engine's answer repeats but no update writes.
    static func updatedKeys(of body: JSONObject) -> [String] {
        var keys: [String] = []
        for key in sent(body).keys where !LCFieldName.serverManaged.contains(key) {
            let head = String(key.split(separator: ".", maxSplits: 1).first ?? Substring(key))
            if !keys.contains(head) { keys.append(head) }
        }
        return keys
    }
}

/// The caller's user as LeanCloud hands it to a hook: the `_User` object with its session
/// token, or `null` for a request without a (live) session.
enum HookUser {
    static func of(_ request: RequestContext<AppRuntime>) throws -> JSON {
        let caller = try request.caller()
        // A dead session is refused before any hook runs, as the write itself would refuse it.
        if caller.hasInvalidSession, !request.isMaster { throw APIError(.userNotFound) }
        guard let userId = caller.userId else { return .null }
        return try request.app.database.read { db -> JSON in
            guard let record = try UserStore.fetch(userId, in: db) else { return .null }
            var object = try ObjectRenderer.wireForm(record, in: db)
            if let token = request.sessionToken { object[LCFieldName.sessionToken] = .string(token) }
            return .object(object)
        }
    }
}

extension LCErrorCode {
    /// A before-hook refused: 142 with the engine's message (LeanCloud's hook guide).
    static func hookRefused(_ detail: String) -> LCErrorCode {
        LCErrorCode(code: 142, message: "Cloud Code validation failed. Error detail : \(detail)", httpStatus: 400)
    }
}
