import LCClient
import LCWire

extension Emulator {
    /// Cloud-function stubs and the calls made to them, over `/__admin/functions` and
    /// `/__admin/function-calls` with the master key (docs/functions.md).
    public struct Functions: Sendable {
        let application: LCApplication

        /// One recorded call, newest first in listings.
        public struct Call: Sendable, Equatable {
            public var name: String
            /// Through `/1.1/call/<name>` (RPC) rather than `/1.1/functions/<name>`.
            public var rpc: Bool
            public var params: JSON
            /// The objectId of the caller's user, when the call carried a session.
            public var userId: String?

            public init(name: String, rpc: Bool, params: JSON, userId: String?) {
                self.name = name
                self.rpc = rpc
                self.params = params
                self.userId = userId
            }
        }

        /// `name` answers `{"result": result}` from now on.
        public func stub(_ name: String, result: JSON) async throws {
            _ = try await application.request("PUT", path(name), body: ["result": result], options: .master)
        }

        /// `name` fails with `code` and `message`, with HTTP `status` (LeanEngine's default 400).
        public func stub(_ name: String, errorCode code: Int, message: String, status: Int = 400) async throws {
            let body: JSON = ["error": ["code": JSON(code), "error": .string(message)], "status": JSON(status)]
            _ = try await application.request("PUT", path(name), body: body, options: .master)
        }

        /// Removes the stub of `name`, or every stub.
        public func removeStub(_ name: String? = nil) async throws {
            _ = try await application.request("DELETE", name.map(path) ?? "/__admin/functions", options: .master)
        }

        /// The calls, newest first, of one function or all.
        public func calls(_ name: String? = nil) async throws -> [Call] {
            let query = name.map { [("name", $0)] } ?? []
            let answer = try await application.request("GET", "/__admin/function-calls", query: query, options: .master)
            return (answer["results"]?.arrayValue ?? []).compactMap { item in
                guard let name = item["name"]?.stringValue else { return nil }
                return Call(name: name, rpc: item["rpc"]?.boolValue ?? false, params: item["params"] ?? .null,
                            userId: item["user"]?.stringValue)
            }
        }

        /// Forgets the recorded calls.
        public func clearCalls() async throws {
            _ = try await application.request("DELETE", "/__admin/function-calls", options: .master)
        }

        private func path(_ name: String) -> String { AdminPath.named("functions", name) }
    }
}
