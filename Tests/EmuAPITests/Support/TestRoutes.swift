@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
import EmuHTTP
@testable import EmuRouting
@testable import EmuTools
import LCWire
import Primitives

/// Routes that exist only in tests.
///
/// - `/1.1/test/echo[/:objectId]` (any method) answers what it received.
/// - `GET /1.1/test/master` needs the master key.
/// - `GET /1.1/test/thrown-code` throws a bare `LCErrorCode.objectNotFound`, not an `APIError`.
/// - `POST /1.1/test/items` stores an object of class `Item`; `DELETE /1.1/test/items/:objectId`
///   logs the id and fails for ids starting with `bad`.
/// - `POST/PUT /1.1/classes/:className[/:objectId]`: minimal stand-ins for the object routes built
///   on another branch (create answers `{objectId, createdAt}`, update `{updatedAt, objectId}`, an
///   unknown id fails with code 1), so batch/save can be tested before the merge.
enum TestRoutes {
    /// What the test routes saw.
    final class Log: Sendable {
        let deletedIds = Locked<[String]>([])
    }

    static func register(in router: inout Router<APIRoute>, log: Log) {
        for method in ["GET", "POST", "PUT", "DELETE"] {
            router.add(method, "/1.1/test/echo", APIRoute(access: .app) { try echo($0) })
            router.add(method, "/1.1/test/echo/:objectId", APIRoute(access: .app) { try echo($0) })
        }
        router.add("GET", "/1.1/test/master", APIRoute(access: .master) { _ in APIResponse(json: ["ok": true]) })
        router.add("GET", "/1.1/test/thrown-code", APIRoute(access: .app) { _ in throw LCErrorCode.objectNotFound })
        router.add("POST", "/1.1/test/items", APIRoute(access: .app) { request in
            try create(className: "Item", request)
        })
        router.add("DELETE", "/1.1/test/items/:objectId", APIRoute(access: .app) { request in
            let id = request.parameter("objectId")
            log.deletedIds.withValue { $0.append(id) }
            if id.hasPrefix("bad") { throw APIError(.objectNotFound(objectId: id, className: "Item")) }
            return APIResponse(json: [:])
        })
        router.add("POST", "/1.1/classes/:className", APIRoute(access: .app) { request in
            try create(className: request.parameter("className"), request)
        })
        router.add("PUT", "/1.1/classes/:className/:objectId", APIRoute(access: .app) { request in
            try update(request)
        })
    }

    static func echo(_ request: RequestContext<AppRuntime?>) throws -> APIResponse {
        var query = JSONObject()
        for item in request.http.query { query[item.name] = .string(item.value) }
        let headers = request.http.headers
        return APIResponse(json: [
            "method": .string(request.http.method),
            "path": .string(request.http.path),
            "objectId": request.parameters["objectId"].map(JSON.string) ?? .null,
            "query": .object(query),
            "body": request.http.body.isEmpty ? .null : try request.jsonBody(),
            "isMaster": .bool(request.isMaster),
            "session": headers[LCHeaderName.session].map(JSON.string) ?? .null,
            "prod": headers[LCHeaderName.prod].map(JSON.string) ?? .null,
            "contentType": headers["Content-Type"].map(JSON.string) ?? .null,
        ])
    }

    static func create(className: String, _ request: RequestContext<AppRuntime?>) throws -> APIResponse {
        let app = try request.requiredApp
        let now = app.clock.now
        let id = ObjectIdGenerator.shared.next()
        let record = ObjectRecord(className: className, objectId: id, createdAt: now, updatedAt: now,
                                  acl: nil, fields: try request.jsonObjectBody())
        try app.database.write { db in try ObjectStore.insert(record, in: db) }
        var answer: JSON = ["objectId": .string(id), "createdAt": .string(now.iso)]
        if className == "Signup" { answer = ["objectId": .string(id), "createdAt": .string(now.iso), "sessionToken": "tok123"] }
        return APIResponse(status: 201, json: answer)
    }

    static func update(_ request: RequestContext<AppRuntime?>) throws -> APIResponse {
        let app = try request.requiredApp
        let className = request.parameter("className"), id = request.parameter("objectId")
        let now = app.clock.now
        try app.database.write { db in
            guard var record = try ObjectStore.fetch(className: className, objectId: id, in: db) else {
                throw APIError(.objectNotFound(objectId: id, className: className))
            }
            for member in try request.jsonObjectBody() { record.fields[member.key] = member.value }
            try db.execute("UPDATE objects SET data = ?, updated_at = ? WHERE class = ? AND id = ?",
                           [.text(JSON.object(record.fields).jsonString), .integer(now.millisecondsSince1970),
                            .text(className), .text(id)])
        }
        var answer: JSONObject = ["updatedAt": .string(now.iso), "objectId": .string(id)]
        if let condition = request.query("where") { answer["where"] = .string(condition) }
        return APIResponse(json: .object(answer))
    }
}
