import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// `GET /1.1/schemas` and `GET /1.1/schemas/<Class>` (spec §8.4, master key): the classes and
/// their fields' types, `{"Post":{"objectId":{"type":"String"},…,"author":{"type":"Pointer","className":"_User"}}}`.
package enum SchemaRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("GET", "/1.1/schemas", APIRoute(appAccess: .master) { request in
            let schemas = try request.app.database.read { db in try SchemaCatalog.all(in: db) }
            return APIResponse(json: .object(schemas))
        })
        router.add("GET", "/1.1/schemas/:className", APIRoute(appAccess: .master) { request in
            let name = request.parameter("className")
            let schema = try request.app.database.read { db in try SchemaCatalog.schema(of: name, in: db) }
            guard let schema else { throw APIError(.objectNotFound) }
            return APIResponse(json: .object(schema))
        })
    }
}
