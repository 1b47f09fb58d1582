import EmuData
import EmuRouting
import EmuSQLite
import LCWire

/// `_Installation` writes (LeanCloud's push REST guide, docs/push.md). They share the object
/// routes (`/1.1/installations`, `/1.1/classes/_Installation`, batch), which hand over here:
///
/// ```
/// POST /1.1/installations {"deviceType","deviceToken"|"installationId","channels",…}
///      → 201 {"objectId","createdAt"}            a new device
///      → 200 {"objectId","createdAt","updatedAt"} the device's installation, updated (upsert)
/// PUT  /1.1/installations/<id> {…}                the object update, with the same rules
/// ```
enum InstallationRoutes {
    /// The upsert; `fetchWhenSave` answers the whole installation, as on any create. The class
    /// hooks run as for any class's `POST`: `beforeSave` with the body, before the upsert; then
    /// `afterSave` when it created the installation, `afterUpdate` when it updated the device's.
    static func save(_ request: RequestContext<AppRuntime>, collection: ObjectCollection) throws -> APIResponse {
        let app = request.app
        var fields = try request.jsonObjectBody()
        let hooks = try ObjectHooks.of(request, className: LCClassName.installation, body: fields)
        if let hooks, hooks.runs(.beforeSave) { fields = try hooks.beforeSave(fields) }
        let saved = try InstallationWrites.save(body: fields, app: app, access: request.access)
        let record = saved.record
        if saved.created {
            AfterHooks.afterWrite(hooks, .afterSave, objectId: record.objectId, app: app)
        } else {
            AfterHooks.afterWrite(hooks, .afterUpdate, objectId: record.objectId,
                                  updatedKeys: HookObject.updatedKeys(of: fields), app: app)
        }
        var body: JSONObject
        if ObjectRoutes.fetchWhenSave(request) {
            let renderer = ObjectRenderer(options: RenderOptions(), access: request.access)
            body = try app.database.read { db in try renderer.render(record, in: db) }
        } else {
            body = [LCFieldName.objectId: .string(record.objectId), LCFieldName.createdAt: .string(record.createdAt.iso)]
            if !saved.created { body[LCFieldName.updatedAt] = .string(record.updatedAt.iso) }
        }
        guard saved.created else { return APIResponse(json: .object(body)) }
        var response = APIResponse(status: 201, json: .object(body))
        response.headers.add("Location", collection.location(of: record.objectId, className: record.className, request: request))
        return response
    }

    /// An update keeps the rules of a save: a known `deviceType`, ids that are text, channel names.
    static func checkUpdate(_ request: RequestContext<AppRuntime>) throws {
        try InstallationRules.check(try request.jsonObjectBody(), creating: false)
    }
}
