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
            // Hooks run outside every transaction (the engine may write back while LCEmu waits),
            // so with class hooks the saves run one by one (docs/cloud-code.md).
            if plan.isPlainObjectWrites, try !ObjectHooks.engineDefinesClassHooks(app) {
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

// MARK: - The plan: every request validated before any runs

/// A validated `/1.1/batch/save` (spec §4.2): each request's body without the SDK's bookkeeping
/// keys, and the children whose pointers it gets once they are created.
struct BatchSavePlan {
    /// `{"className","cid","key"}`: set `key` to a Pointer to the object saved earlier in this
    /// batch under `__internalId == cid`.
    struct Child {
        var className: String?
        var cid: String
        var key: String
    }

    struct Step {
        var operation: BatchOperation
        /// The body to send: `__internalId` and `__children` removed.
        var body: JSONObject
        /// The client's id for the object: a random id for new objects, the objectId otherwise.
        var internalId: String?
        var children: [Child]
    }

    static let internalIdKey = "__internalId"
    static let childrenKey = "__children"

    let steps: [Step]

    /// Validates every request before any runs; a malformed one → 107 for the whole batch.
    init(_ operations: [BatchOperation]) throws {
        var saved = Set<String>()
        steps = try operations.enumerated().map { index, operation in
            func malformed(_ reason: String) -> APIError { APIError(.malformedBatchRequest(index: index, reason)) }
            var body = JSONObject()
            switch operation.body {
            case nil: break
            case .object(let given)?: body = given
            default: throw malformed("\"body\" is not an object")
            }
            var internalId: String?
            if let value = body.removeValue(forKey: Self.internalIdKey) {
                guard let id = value.stringValue, !id.isEmpty else { throw malformed("\"__internalId\" is not a string") }
                internalId = id
            }
            var children: [Child] = []
            switch body.removeValue(forKey: Self.childrenKey) {
            case nil, .null?: break
            case .array(let list)?:
                for element in list {
                    guard let cid = element["cid"]?.stringValue, let key = element["key"]?.stringValue, !key.isEmpty else {
                        throw malformed("a \"__children\" element needs \"cid\" and \"key\" strings")
                    }
                    // The SDK sorts children first; a reference forward (or to nothing) cannot be resolved.
                    guard saved.contains(cid) else { throw malformed("\"__children\" names '\(cid)', which no earlier request saves") }
                    children.append(Child(className: element["className"]?.stringValue, cid: cid, key: key))
                }
            default: throw malformed("\"__children\" is not an array")
            }
            if let internalId { saved.insert(internalId) }
            return Step(operation: operation, body: body, internalId: internalId, children: children)
        }
    }

    /// True when every request writes through `/1.1/classes/…`: plain object writes whose only
    /// effects are rows in the app's database, so the batch can run in one transaction.
    var isPlainObjectWrites: Bool {
        steps.allSatisfy { step in
            SubRequest(method: step.operation.method, path: step.operation.path).path.hasPrefix("/1.1/classes/")
        }
    }

    /// The class a path writes to, for children whose `className` is missing.
    static func className(ofPath path: String) -> String? {
        let segments = SubRequest(method: "POST", path: path).path.split(separator: "/").dropFirst()
        switch segments.first {
        case "classes": return segments.dropFirst().first.map(String.init)
        case "users": return LCClassName.user
        case "roles": return LCClassName.role
        case "installations": return LCClassName.installation
        case "files": return LCClassName.file
        default: return nil
        }
    }
}
