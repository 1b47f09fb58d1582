import EmuData
import EmuRouting
import LCWire

extension BatchRoutes {
    /// spec §4.2: 200 with an object keyed by `__internalId` (or objectId), each value the server
    /// data of that object; the first failure answers the whole request with its error.
    ///
    /// When every request is a plain object write (`/1.1/classes/…`) the batch runs in one
    /// transaction and a failure undoes the earlier saves; otherwise (sign-up through
    /// `/1.1/users`, files) earlier saves stay (docs/compatibility.md, "Batch").
    static func save(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let plan = try BatchSavePlan(BatchOperation.list(from: request.jsonObjectBody()))
        let app = request.app
        do {
            let results: JSONObject
            if plan.isPlainObjectWrites {
                // Handlers' own writes nest as savepoints inside this transaction.
                results = try app.database.write { _ in try runSave(plan, in: request) }
            } else {
                results = try runSave(plan, in: request)
            }
            return APIResponse(json: .object(results))
        } catch let failure as BatchSaveFailure {
            return failure.response
        }
    }

    private static func runSave(_ plan: BatchSavePlan, in request: RequestContext<AppRuntime>) throws -> JSONObject {
        var created: [String: LCPointer] = [:]
        var results = JSONObject()
        for step in plan.steps {
            var body = step.body
            for child in step.children {
                // Validated up front: the cid belongs to an earlier step, which succeeded.
                guard let target = created[child.cid] else {
                    throw BatchSaveFailure(response: APIError(.malformedJSON).response)
                }
                body[child.key] = LCPointer(className: child.className ?? target.className, objectId: target.objectId).json
            }
            let outcome = SubResponse(request.dispatch(step.operation.subrequest(body: .object(body))))
            guard outcome.isSuccess else { throw BatchSaveFailure(response: outcome.response) }
            var data = outcome.json?.objectValue ?? JSONObject()
            // A create answers without updatedAt (§2.2); the SDK merges this value, so give both.
            if let createdAt = data[LCFieldName.createdAt], data[LCFieldName.updatedAt] == nil {
                data[LCFieldName.updatedAt] = createdAt
            }
            let objectId = data[LCFieldName.objectId]?.stringValue
            if let internalId = step.internalId, let objectId {
                let className = BatchSavePlan.className(ofPath: step.operation.path) ?? ""
                created[internalId] = LCPointer(className: className, objectId: objectId)
            }
            let key = step.internalId ?? objectId ?? lastSegment(of: step.operation.path)
            var merged = results[key]?.objectValue ?? JSONObject()
            for member in data { merged[member.key] = member.value }
            results[key] = .object(merged)
        }
        return results
    }

    private static func lastSegment(of path: String) -> String {
        let withoutQuery = path.split(separator: "?", maxSplits: 1).first ?? ""
        return withoutQuery.split(separator: "/").last.map(String.init) ?? path
    }
}

/// Ends a `batch/save` at its first failing request (and rolls back its transaction, if any).
struct BatchSaveFailure: Error {
    let response: APIResponse
}
