/// Origins allowed to call with credentials (`--cors-origins`): exact origins such as
/// `http://localhost:5173`, or `http://localhost:*` for every port of one scheme and host.
public struct CORSOrigins: Sendable, Equatable {
    public let patterns: [String]

    public static let none = CORSOrigins(validated: [])

    /// Checks each pattern is `scheme://host[:port]` or `scheme://host:*`, with no path.
    public init(_ patterns: [String]) throws {
        for pattern in patterns {
            guard Self.isValid(pattern) else {
                throw ConfigurationError("'\(pattern)' is not an origin like http://localhost:5173 or http://localhost:*")
            }
        }
        self.init(validated: patterns)
    }

    private init(validated: [String]) { patterns = validated.map { $0.lowercased() } }

    public var isEmpty: Bool { patterns.isEmpty }

    /// Whether the `Origin` header value is allowed: equal but for case, or a trailing `:*`
    /// matching any port, or none.
    public func contains(_ origin: String) -> Bool {
        let origin = origin.lowercased()
        return patterns.contains { pattern in
            guard pattern.hasSuffix(":*") else { return pattern == origin }
            let base = pattern.dropLast(2)
            guard origin.hasPrefix(base) else { return false }
            let rest = origin.dropFirst(base.count)
            return rest.isEmpty || (rest.first == ":" && rest.count > 1 && rest.dropFirst().allSatisfy(\.isNumber))
        }
    }

    private static func isValid(_ pattern: String) -> Bool {
        guard let schemeEnd = pattern.firstRange(of: "://") else { return false }
        let scheme = pattern[..<schemeEnd.lowerBound]
        var authority = pattern[schemeEnd.upperBound...]
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else { return false }
        if authority.hasSuffix(":*") { authority = authority.dropLast(2) }
        return !authority.isEmpty && authority.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]".contains($0)) }
    }
}
