import Dispatch
import EmuData
import EmuRouting
import LCWire

/// The after-hooks: called once the write has committed, in the order the writes were made, on
/// one queue of their own, without the client waiting (LeanCloud answers the write first). A
/// hook that fails, times out or finds the engine down changes nothing: the write stands, and
/// the engine's call log (`/__admin/engine`) shows what happened.
enum AfterHooks {
    private static let queue = DispatchQueue(label: "lcemu.engine.after-hooks")

    /// `afterSave` or `afterUpdate` of the object `objectId`, as stored when the hook runs.
    static func afterWrite(_ hooks: ObjectHooks?, _ hook: CloudHook, objectId: String, updatedKeys: [String]? = nil,
                           app: AppRuntime) {
        guard let hooks, hooks.runs(hook) else { return }
        queue.async {
            let stored = try? app.database.read { db -> JSONObject? in
                guard let record = try ObjectStore.fetch(className: hooks.className, objectId: objectId, in: db) else { return nil }
                return try ObjectRenderer.wireForm(record, in: db)
            }
            guard var object = stored ?? nil else { return }
            if let updatedKeys { object[HookObject.updatedKeys] = .array(updatedKeys.map(JSON.string)) }
            send(hooks, hook, object)
        }
    }

    /// `afterDelete` of the object as it was before the delete.
    static func afterDelete(_ hooks: ObjectHooks?, object: JSONObject) {
        guard let hooks, hooks.runs(.afterDelete) else { return }
        queue.async { send(hooks, .afterDelete, object) }
    }

    private static func send(_ hooks: ObjectHooks, _ hook: CloudHook, _ object: JSONObject) {
        _ = try? hooks.engine.post(hook.path(hooks.className), body: hooks.payload(object), caller: hooks.caller, kind: hook.kind)
    }
}

// MARK: - The stored object

extension ObjectHooks {
    /// The object as stored, for `beforeDelete` and `afterDelete`; `{"objectId"}` when none is.
    func stored(_ objectId: String, app: AppRuntime) throws -> JSONObject {
        try app.database.read { db -> JSONObject in
            guard let record = try ObjectStore.fetch(className: className, objectId: objectId, in: db) else {
                return [LCFieldName.objectId: .string(objectId)]
            }
            return try ObjectRenderer.wireForm(record, in: db)
        }
    }
}
