import EmuAPI
import Foundation
import LCClient
import LCWire

extension Emulator {
    /// The request journal of the default app (`/__admin/requests`, docs/testing.md): what the
    /// app under test really sent, and `verify`, WireMock's idea of asserting on it.
    ///
    /// ```swift
    /// try await emulator.journal.verify(.init(method: "POST", path: "/app/login", headers: ["uuid": "device-1"]),
    ///                                   times: .exactly(1))
    /// ```
    public var journal: Journal { Journal(application: application) }

    public struct Journal: Sendable {
        let application: LCApplication

        /// The records matching `pattern`, newest first (at most 1000), as the journal lists them.
        public func requests(_ pattern: RequestPattern = RequestPattern()) async throws -> [JSON] {
            let answer = try await application.request("GET", "/__admin/requests", query: pattern.serverQuery, options: .master)
            return (answer["results"]?.arrayValue ?? []).filter(pattern.matchesPath)
        }

        /// How many recorded requests match `pattern`.
        public func count(_ pattern: RequestPattern) async throws -> Int { try await requests(pattern).count }

        /// Throws `VerificationFailure` unless the number of requests matching `pattern` is what `times` allows.
        public func verify(_ pattern: RequestPattern, times: Times = .atLeast(1)) async throws {
            let found = try await requests(pattern).count
            guard !times.allows(found) else { return }
            let recent = try await requests(RequestPattern()).prefix(5).map {
                "\($0["method"]?.stringValue ?? "") \($0["path"]?.stringValue ?? "") → \($0["status"]?.intValue ?? 0)"
            }
            throw VerificationFailure(description: "expected \(times) request(s) matching \(pattern), found \(found); newest: \(recent.joined(separator: "; "))")
        }

        /// Empties the app's part of the journal.
        public func clear() async throws {
            _ = try await application.request("DELETE", "/__admin/requests", options: .master)
        }
    }

    /// How many times `verify` expects a request.
    public enum Times: Sendable, CustomStringConvertible {
        case exactly(Int), atLeast(Int), atMost(Int)
        public static let never = Times.exactly(0)
        public static let once = Times.exactly(1)

        func allows(_ count: Int) -> Bool {
            switch self {
            case .exactly(let n): return count == n
            case .atLeast(let n): return count >= n
            case .atMost(let n): return count <= n
            }
        }

        public var description: String {
            switch self {
            case .exactly(let n): return "exactly \(n)"
            case .atLeast(let n): return "at least \(n)"
            case .atMost(let n): return "at most \(n)"
            }
        }
    }

    /// A `verify` that did not hold.
    public struct VerificationFailure: Error, CustomStringConvertible {
        public let description: String
    }
}

// MARK: - RequestPattern

extension Emulator {
    /// Which journal records a test means, sent as the journal's filters (method, path prefix,
    /// status, route, caller, `unmatched`, `query.<name>`, `header.<name>`, `body.<name>`); only the
    /// exact path is compared here. Values compare as text (`1` matches a form's `"1"`); header
    /// names in any case; a body name `a.b` reaches into nested objects. A pattern on a secret
    /// (`body: ["password": …]`) is refused by the journal, which masks it: the call throws.
    public struct RequestPattern: Sendable, CustomStringConvertible {
        public var method: String?
        /// The exact path.
        public var path: String?
        public var pathPrefix: String?
        public var status: Int?
        /// The id of the custom route that answered.
        public var route: String?
        /// The objectId of the logged-in user a route or resource with `auth` answered: what did
        /// this user's app send?
        public var caller: String?
        /// Only requests no route answered.
        public var unmatched = false
        public var query: [String: String] = [:]
        public var headers: [String: String] = [:]
        /// Fields of a JSON or form body, `a.b` for a nested one (secret fields are masked in the
        /// journal: a pattern on one throws).
        public var body: [String: JSON] = [:]

        public init(method: String? = nil, path: String? = nil, pathPrefix: String? = nil, status: Int? = nil,
                    route: String? = nil, caller: String? = nil, unmatched: Bool = false, query: [String: String] = [:],
                    headers: [String: String] = [:], body: [String: JSON] = [:]) {
            self.method = method
            self.path = path
            self.pathPrefix = pathPrefix
            self.status = status
            self.route = route
            self.caller = caller
            self.unmatched = unmatched
            self.query = query
            self.headers = headers
            self.body = body
        }

        var serverQuery: [(String, String)] {
            var items: [(String, String)] = [("limit", "1000")]
            if let method { items.append(("method", method)) }
            if let prefix = path ?? pathPrefix { items.append(("path", prefix)) }
            if let status { items.append(("status", String(status))) }
            if let route { items.append(("route", route)) }
            if let caller { items.append(("caller", caller)) }
            if unmatched { items.append(("unmatched", "1")) }
            // Sorted: the same pattern always sends the same query.
            for (name, value) in query.sorted(by: { $0.key < $1.key }) { items.append(("query.\(name)", value)) }
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { items.append(("header.\(name)", value)) }
            for (name, value) in body.sorted(by: { $0.key < $1.key }) { items.append(("body.\(name)", Self.text(value))) }
            return items
        }

        /// The journal filters by path prefix: an exact `path` is compared here.
        func matchesPath(_ record: JSON) -> Bool {
            path == nil || record["path"]?.stringValue == path
        }

        static func text(_ value: JSON) -> String { value.stringValue ?? value.jsonString }

        public var description: String {
            var parts = [method ?? "*", path ?? pathPrefix.map { $0 + "…" } ?? "any path"]
            if let status { parts.append("status \(status)") }
            if let route { parts.append("route \(route)") }
            if let caller { parts.append("caller \(caller)") }
            if unmatched { parts.append("unmatched") }
            if !query.isEmpty { parts.append("query \(query)") }
            if !headers.isEmpty { parts.append("headers \(headers)") }
            if !body.isEmpty { parts.append("body \(body.mapValues(\.jsonString))") }
            return parts.joined(separator: " ")
        }
    }
}
