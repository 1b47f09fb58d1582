import LCClient
import LCWire

extension Emulator {
    /// The default app's custom routes and scenarios, over `/__admin/routes` and
    /// `/__admin/scenarios` with the master key (docs/custom-backends.md).
    ///
    /// ```swift
    /// try await emulator.routes.add(["id": "news", "request": ["method": "GET", "path": "/news/:id"],
    ///                                "response": ["json": ["code": "0", "data": ["id": "{{request.path.id}}"]]]])
    /// ```
    public var routes: Routes { Routes(application: application) }

    public struct Routes: Sendable {
        let application: LCApplication

        /// Adds a route (a definition as in a route file); returns its id. A bad definition
        /// throws the emulator's 400 with the route and field named. Routes are tried by
        /// `priority` (1–10, lower first, default 5), then in the order they were added, after
        /// the files' routes: give `priority: 1` to take a path over a file's route.
        @discardableResult
        public func add(_ definition: JSONObject, priority: Int? = nil) async throws -> String {
            var definition = definition
            if let priority { definition["priority"] = JSON(priority) }
            let answer = try await application.request("POST", "/__admin/routes", body: .object(definition), options: .master)
            return answer["id"]?.stringValue ?? ""
        }

        /// A resource: `path` and `path/:id` on `className` of the app's store, answers wrapped
        /// in `envelope` (`"{{result}}"` is the data), failures in `errorEnvelope`.
        @discardableResult
        public func addResource(id: String, path: String, className: String,
                                envelope: JSON = "{{result}}", errorEnvelope: JSON? = nil,
                                paging: JSONObject? = nil) async throws -> String {
            var resource: JSONObject = ["path": .string(path), "class": .string(className), "envelope": envelope]
            if let errorEnvelope { resource["errorEnvelope"] = errorEnvelope }
            if let paging { resource["paging"] = .object(paging) }
            return try await add(["id": .string(id), "resource": .object(resource)])
        }

        /// Replaces (or adds) the route `id`.
        public func replace(_ id: String, with definition: JSONObject) async throws {
            _ = try await application.request("PUT", AdminPath.named("routes", id), body: .object(definition), options: .master)
        }

        public func remove(_ id: String) async throws {
            _ = try await application.request("DELETE", AdminPath.named("routes", id), options: .master)
        }

        /// Every route, as `GET /__admin/routes` lists it (with `source`).
        public func all() async throws -> [JSON] {
            try await application.request("GET", "/__admin/routes", options: .master)["results"]?.arrayValue ?? []
        }

        /// Loads the `--routes` files again (`POST /__admin/routes/reload`); returns how many routes.
        @discardableResult
        public func reload() async throws -> Int {
            try await application.request("POST", "/__admin/routes/reload", options: .master)["routes"]?.intValue ?? 0
        }

        /// The state of a scenario (`Started` until a route moves it).
        public func scenarioState(_ name: String) async throws -> String? {
            let answer = try await application.request("GET", "/__admin/scenarios", options: .master)
            return answer["results"]?.arrayValue?.first { $0["name"]?.stringValue == name }?["state"]?.stringValue
        }

        public func setScenario(_ name: String, to state: String) async throws {
            _ = try await application.request("PUT", AdminPath.named("scenarios", name), body: ["state": .string(state)], options: .master)
        }

        /// Every scenario back to `Started`.
        public func resetScenarios() async throws {
            _ = try await application.request("DELETE", "/__admin/scenarios", options: .master)
        }
    }
}
