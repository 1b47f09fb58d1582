import EmuData
import EmuRouting
import LCWire

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
