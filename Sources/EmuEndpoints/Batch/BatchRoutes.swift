import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// `POST /1.1/batch` and `POST /1.1/batch/save` (spec §4): many requests in one, each run through
/// the same router and handlers as if it had come alone, with the batch's credentials.
///
/// ```
/// POST /1.1/batch  {"requests":[{"method":"GET","path":"/1.1/date"},{"method":"DELETE","path":"/1.1/files/<id>"}]}
/// → 200 [{"success":{"__type":"Date",…}},{"error":{"code":403,"error":"…"}}]
/// ```
package enum BatchRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("POST", "/1.1/batch", APIRoute(appAccess: .app) { try batch($0) })
        router.add("POST", "/1.1/batch/save", APIRoute(appAccess: .app) { try save($0) })
    }

    /// spec §4.1: in order, not transactional; 200 with one item per request, in the same order.
    static func batch(_ request: RequestContext<AppRuntime>) throws -> APIResponse {
        let operations = try BatchOperation.list(from: request.jsonObjectBody())
        return APIResponse(json: .array(operations.map { run($0, in: request) }))
    }

    /// One item. Comma-joined ids in a DELETE run one delete per id, all of them even after a
    /// failure; the item is `{}` when all succeeded, else the first error.
    static func run(_ operation: BatchOperation, in request: RequestContext<AppRuntime>) -> JSON {
        guard let paths = operation.commaSeparatedPaths else {
            return SubResponse(request.dispatch(operation.subrequest())).item
        }
        var firstError: JSON?
        for path in paths {
            let outcome = SubResponse(request.dispatch(operation.subrequest(path: path)))
            if !outcome.isSuccess && firstError == nil { firstError = outcome.item }
        }
        return firstError ?? ["success": .object(JSONObject())]
    }
}

// MARK: - A sub-request's answer, as a batch item

/// A sub-request's response, read back the way a batch reports it.
struct SubResponse {
    let response: APIResponse
    /// The body as JSON; nil when it is not JSON.
    let json: JSON?

    init(_ response: APIResponse) {
        self.response = response
        json = try? JSONParser.parse(response.body)
    }

    var isSuccess: Bool { (200..<300).contains(response.status) }

    /// The batch item (spec §4.1): `{"success":<body>}` or `{"error":{"code":N,"error":"…"}}`.
    var item: JSON {
        isSuccess ? ["success": json ?? .object(JSONObject())] : ["error": error]
    }

    /// `{"code","error"}` from the body; a body without them (never sent by our handlers) is
    /// described by its status, so the item keeps its documented shape.
    var error: JSON {
        if let code = json?[LCWireKey.code]?.intValue {
            return [LCWireKey.code: .number(Double(code)),
                    LCWireKey.error: json?[LCWireKey.error] ?? .string("")]
        }
        return [LCWireKey.code: .number(Double(response.status)),
                LCWireKey.error: .string("The sub-request failed with HTTP status \(response.status).")]
    }
}
