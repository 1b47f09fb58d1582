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
            return (answer["results"]?.arrayValue ?? []).filter(pattern.matches)
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
