import LCClient
import LCWire

extension Emulator {
    /// Makes the next `times` requests to `path` (exact, a prefix ending in `*`, or a route
    /// template such as `/news/:id`), whichever route answers it, answer
    /// `status` with `{"code": code ?? status, "error": message ?? <reason phrase>}` instead of
    /// their real answer, after `delayMilliseconds` (`POST /__admin/faults`). `times: 0` lasts
    /// until `clearFaults()`. Returns the fault's id.
    @discardableResult
    public func injectFault(path: String, method: String = "*", status: Int, code: Int? = nil, message: String? = nil,
                            delayMilliseconds: Int = 0, times: Int = 1) async throws -> String {
        var body: JSONObject = ["path": .string(path), "method": .string(method), "status": JSON(status),
                                "delayMs": JSON(delayMilliseconds), "times": JSON(times)]
        if let code { body["code"] = JSON(code) }
        if let message { body["error"] = .string(message) }
        return try await addFault(body)
    }

    /// Makes the next `times` requests to `path` answer `status` with `body` instead of their real
    /// answer, after `delayMilliseconds`. `path` is exact, a prefix ending in `*`, or a route
    /// template (`/merchant/feedback/:id/reply`); the fault applies to custom routes and
    /// resources as to LeanCloud's. With a body, `status` may be a success: see `injectBusinessError`.
    @discardableResult
    public func injectFault(path: String, method: String = "*", status: Int, body: JSON,
                            delayMilliseconds: Int = 0, times: Int = 1) async throws -> String {
        try await addFault(["path": .string(path), "method": .string(method), "status": JSON(status), "body": body,
                            "delayMs": JSON(delayMilliseconds), "times": JSON(times)])
    }

    /// Makes the next `times` requests to `path` answer `200` with `body`: the business error of a
    /// back end that reports failure in its envelope (`{"code":"1","msg":"失败"}`), not its status.
    @discardableResult
    public func injectBusinessError(path: String, method: String = "*", body: JSON, times: Int = 1) async throws -> String {
        try await injectFault(path: path, method: method, status: 200, body: body, times: times)
    }

    /// Holds the real answers of the next `times` requests to `path` for `delayMilliseconds`
    /// (at most 60,000): a slow network, or a client timeout when longer than the client waits.
    @discardableResult
    public func injectDelay(path: String, method: String = "*", milliseconds: Int, times: Int = 1) async throws -> String {
        try await addFault(["path": .string(path), "method": .string(method), "delayMs": JSON(milliseconds), "times": JSON(times)])
    }

    /// Removes every fault (`DELETE /__admin/faults`); `reset()` does too.
    public func clearFaults() async throws {
        _ = try await application.request("DELETE", "/__admin/faults", options: .master)
    }

    private func addFault(_ body: JSONObject) async throws -> String {
        let answer = try await application.request("POST", "/__admin/faults", body: .object(body), options: .master)
        return answer["id"]?.stringValue ?? ""
    }
}
