import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// `POST /1.1/functions/<name>` and `POST /1.1/call/<name>` (spec §8.3): each answers what the
/// test stubbed for that name (`/__admin/functions`), else the app's engine when it defines the
/// function (docs/cloud-code.md), and records the call (docs/functions.md).
package enum FunctionRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        router.add("POST", "/1.1/functions/:name", APIRoute(appAccess: .app) { try call($0, rpc: false) })
        router.add("POST", "/1.1/call/:name", APIRoute(appAccess: .app) { try call($0, rpc: true) })
        FunctionAdminRoutes.register(in: &router)
    }

    /// spec §8.3: no stub → 404 `No such cloud function '<name>'`; a dead session → 401/211.
    static func call(_ request: RequestContext<AppRuntime>, rpc: Bool) throws -> APIResponse {
        let app = request.app
        let name = request.parameter("name")
        let caller = try request.caller()
        if caller.hasInvalidSession { throw APIError(.invalidSessionForFunction) }
        let params = try request.jsonBody()
        app.functions.record(FunctionCall(name: name, rpc: rpc, params: params, userId: caller.userId))
        switch app.functions.stub(for: name) {
        case .result(let result)?: return APIResponse(json: ["result": result])
        case .error(let code)?: throw APIError(code)
        case nil:
            // A stub wins over the engine's function of the same name (docs/cloud-code.md).
            if let engine = app.engine, try engine.definitions().contains(name) {
                return try EngineFunctions.forward(request, name: name, rpc: rpc, engine: engine)
            }
            throw APIError(.noSuchFunction(name))
        }
    }
}

extension LCErrorCode {
    /// spec §8.3: an unknown function, as LeanEngine words it.
    static func noSuchFunction(_ name: String) -> LCErrorCode {
        LCErrorCode(code: 1, message: "No such cloud function '\(name)'", httpStatus: 404)
    }

    /// spec §8.3: a function called with an unknown, revoked or expired session token.
    static let invalidSessionForFunction = LCErrorCode(code: 211, message: "Could not find user.", httpStatus: 401)
}

// MARK: - FunctionAdminRoutes

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
