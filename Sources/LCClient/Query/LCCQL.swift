import Foundation
import LCWire

/// CQL, the SQL-like query language (`GET /1.1/cloudQuery`, spec §3.8).
///
/// ```swift
/// let result = try await LCCQL.execute("select count(*), * from Post where likes > ? limit 10",
///                                      values: [100], in: app)
/// result.objects.count; result.count
/// ```
public enum LCCQL {
    /// What a statement answers: the objects, the class, and the count when asked.
    public struct Result: Sendable {
        public var className: String
        public var objects: [LCObject]
        public var count: Int?
    }

    /// Runs `cql`, binding `values` to its `?` placeholders in order (`pvalues`).
    public static func execute(_ cql: String, values: [any LCValueConvertible] = [], in app: LCApplication,
                               options: LCRequestOptions = .default) async throws -> Result {
        var query = [("cql", cql)]
        if !values.isEmpty { query.append(("pvalues", JSON.array(values.map(\.lcJSON)).jsonString)) }
        let answer = try await app.request("GET", "/1.1/cloudQuery", query: query, options: options)
        let className = answer["className"]?.stringValue ?? ""
        let objects = (answer["results"]?.arrayValue ?? []).compactMap { item in
            item.objectValue.map { LCObject(className: className, serverData: $0) }
        }
        return Result(className: className, objects: objects, count: answer["count"]?.intValue)
    }
}

extension LCApplication {
    /// The server's time (`GET /1.1/date`).
    public func serverDate(options: LCRequestOptions = .default) async throws -> Date {
        guard case .date(let date) = LCValue(json: try await request("GET", "/1.1/date", options: options)) else {
            throw LCError(code: .invalidResponse, message: "/1.1/date did not answer a Date.", httpStatus: 200)
        }
        return date
    }
}
