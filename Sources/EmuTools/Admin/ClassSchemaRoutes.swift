import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// `POST /__admin/schemas/<Class>` (master key): creates a class and typed columns before any
/// object exists, as LeanCloud's console does (the dashboard's Add class and Add column), with
/// `{"fields":{"title":{"type":"String"},"author":{"type":"Pointer","className":"_User"}}}`
/// (`fields` optional: a class with no column yet). The types go into the class's schema, the
/// one writes fix (`ClassSchema`): `GET /1.1/schemas` shows them and later writes of another
/// type are refused with 111. Answers the class's schema as `GET /1.1/schemas/<Class>` does,
/// `201` when the class is new, `200` when it was there. All or nothing.
package enum ClassSchemaRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("POST", "/__admin/schemas/:className", APIRoute(appAccess: .master, work: .slow) { request in
            let className = request.parameter("className")
            guard LCNames.isValidClassName(className) else { throw APIError(.invalidClassName) }
            let body = try request.jsonObjectBody()
            let fields = try columns(in: body)
            let app = request.app
            let now = app.clock.now
            let (created, schema) = try app.database.write { db -> (Bool, JSONObject?) in
                let created = try !ObjectStore.classExists(className, in: db)
                try ObjectStore.ensureClass(className, now: now, in: db)
                var schema = try ClassSchema.load(className, in: db)
                for (key, type) in fields { try schema.fix(key, as: type) }
                try schema.saveIfChanged(now: now, in: db)
                return (created, try SchemaCatalog.schema(of: className, in: db))
            }
            return APIResponse(status: created ? 201 : 200, json: .object(schema ?? JSONObject()))
        })
    }

    /// The body's `fields`, each name a valid key that is not a server field and each type one
    /// a schema holds; a Pointer or Relation names a valid class.
    static func columns(in body: JSONObject) throws -> [(String, FieldType)] {
        for key in body.keys where key != "fields" {
            throw APIError(.invalidParameter("Unknown parameter '\(key)': give {\"fields\":{\"name\":{\"type\":\"String\"}}}."))
        }
        guard let value = body["fields"] else { return [] }
        guard let fields = value.objectValue else {
            throw APIError(.invalidParameter("fields must be an object like {\"title\":{\"type\":\"String\"}}."))
        }
        return try fields.map { key, entry in
            guard LCNames.isValidFieldName(key), !LCFieldName.serverManaged.contains(key), key != LCFieldName.acl else {
                throw APIError(.invalidKeyName)
            }
            guard let type = FieldType(schema: entry) else {
                throw APIError(.incorrectFieldType.with(message:
                    "Unknown type for '\(key)': \(entry.jsonString); one of String, Number, Boolean, Date, File, Array, Object, GeoPoint, Bytes, Pointer, Relation."))
            }
            switch type {
            case .pointer(let target), .relation(let target):
                guard LCNames.isValidClassName(target) else {
                    throw APIError(.incorrectFieldType.with(message: "A \(type.typeName) column names its class: {\"type\":\"\(type.typeName)\",\"className\":\"_User\"}."))
                }
            default: break
            }
            return (key, type)
        }
    }
}
