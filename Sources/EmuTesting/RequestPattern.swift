import EmuAPI
import LCWire

extension Emulator {
    /// Which journal records a test means: the journal filters by method, path prefix, status,
    /// route and `unmatched`; the exact path, query, headers and body fields are compared here.
    /// Values compare as text (`1` matches a form's `"1"`); header names in any case.
    public struct RequestPattern: Sendable, CustomStringConvertible {
        public var method: String?
        /// The exact path.
        public var path: String?
        public var pathPrefix: String?
        public var status: Int?
        /// The id of the custom route that answered.
        public var route: String?
        /// Only requests no route answered.
        public var unmatched = false
        public var query: [String: String] = [:]
        public var headers: [String: String] = [:]
        /// Fields of a JSON or form body (secret fields are redacted in the journal: match others).
        public var body: [String: JSON] = [:]

        public init(method: String? = nil, path: String? = nil, pathPrefix: String? = nil, status: Int? = nil,
                    route: String? = nil, unmatched: Bool = false, query: [String: String] = [:],
                    headers: [String: String] = [:], body: [String: JSON] = [:]) {
            self.method = method
            self.path = path
            self.pathPrefix = pathPrefix
            self.status = status
            self.route = route
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
            if unmatched { items.append(("unmatched", "1")) }
            return items
        }

        func matches(_ record: JSON) -> Bool {
            if let path, record["path"]?.stringValue != path { return false }
            let recordedQuery = QueryString.fields(record["query"]?.stringValue ?? "")
            for (name, value) in query where recordedQuery[name] != .string(value) { return false }
            let recordedHeaders = record["request"]?["headers"]?.objectValue ?? JSONObject()
            for (name, value) in headers {
                let found = recordedHeaders.first { $0.key.lowercased() == name.lowercased() }?.value.stringValue
                if found != value { return false }
            }
            let bodyText = record["request"]?["body"]?.stringValue ?? ""
            let recordedBody = (try? JSONParser.parse(Array(bodyText.utf8)))?.objectValue ?? QueryString.fields(bodyText)
            for (name, value) in body {
                guard let found = recordedBody[name], found == value || Self.text(found) == Self.text(value) else { return false }
            }
            return true
        }

        static func text(_ value: JSON) -> String { value.stringValue ?? value.jsonString }

        public var description: String {
            var parts = [method ?? "*", path ?? pathPrefix.map { $0 + "…" } ?? "any path"]
            if let status { parts.append("status \(status)") }
            if let route { parts.append("route \(route)") }
            if unmatched { parts.append("unmatched") }
            if !query.isEmpty { parts.append("query \(query)") }
            if !headers.isEmpty { parts.append("headers \(headers)") }
            if !body.isEmpty { parts.append("body \(body.mapValues(\.jsonString))") }
            return parts.joined(separator: " ")
        }
    }
}
