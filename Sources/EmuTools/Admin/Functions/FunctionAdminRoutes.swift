import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// `/__admin/functions` (stubs) and `/__admin/function-calls` (what was called), master key.
enum FunctionAdminRoutes {
    static func register(in router: inout Router<APIRoute>) {
        router.add("GET", "/__admin/functions", APIRoute(appAccess: .master) { request in
            let stubs = request.app.functions.all.map { $0.stub.json(name: $0.name) }
            return APIResponse(json: ["results": .array(stubs)])
        })
        router.add("PUT", "/__admin/functions/:name", APIRoute(appAccess: .master) { request in
            let name = request.parameter("name")
            guard name.utf8.count <= 128 else { throw APIError(.invalidParameter("A function name has at most 128 bytes.")) }
            let stub: FunctionStub
            do {
                stub = try FunctionStub(json: try request.jsonObjectBody())
            } catch let error as InvalidInput {
                throw APIError(.invalidParameter("Invalid function stub: \(error.detail)."))
            }
            guard request.app.functions.set(stub, for: name) else {
                throw APIError(.invalidParameter("At most \(FunctionStubs.stubCapacity) function stubs per app."))
            }
            return APIResponse(json: stub.json(name: name))
        })
        router.add("DELETE", "/__admin/functions/:name", APIRoute(appAccess: .master) { request in
            let deleted = request.app.functions.remove(request.parameter("name"))
            return APIResponse(json: ["status": "ok", "deleted": JSON(deleted)])
        })
        router.add("DELETE", "/__admin/functions", APIRoute(appAccess: .master) { request in
            APIResponse(json: ["status": "ok", "deleted": JSON(request.app.functions.remove())])
        })
        // Newest first; `name` keeps one function's calls.
        router.add("GET", "/__admin/function-calls", APIRoute(appAccess: .master) { request in
            let calls = request.app.functions.calls(of: request.query("name")).map(\.json)
            return APIResponse(json: ["results": .array(calls)])
        })
        router.add("DELETE", "/__admin/function-calls", APIRoute(appAccess: .master) { request in
            APIResponse(json: ["status": "ok", "deleted": JSON(request.app.functions.clearCalls())])
        })
    }
}
