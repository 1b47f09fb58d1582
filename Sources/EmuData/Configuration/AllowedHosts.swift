import Primitives

/// The `Host` header values the admin surface answers (`--allowed-hosts`): its defence against DNS
/// rebinding, where a page of `http://evil.example:3000` has `evil.example` re-resolved to
/// 127.0.0.1 and then calls this server as its own origin. Modelled on Vite's
/// `server.allowedHosts` and webpack-dev-server's `allowedHosts`: a name is allowed when it is
/// one this server is known by, never because it resolves here.
///
/// Always allowed: `localhost` and `*.localhost`, every IP literal (a page cannot be served from
/// an address it does not control), names without a dot (`lcemu`, a compose or CI service: no
/// public DNS name is one label), and the bound `--host`. Patterns add exact names
/// (`lcemu.internal`), whole domains (`.example.test`: itself and every subdomain), or `all`
/// (no check: for a proxy that checks the host itself).
public struct AllowedHosts: Sendable, Equatable {
    public let patterns: [String]
    /// `all`: every host is allowed.
    public let allowsAll: Bool

    public static let none = AllowedHosts(validated: [])

    /// Checks each pattern is `all`, a host name, or `.` followed by a domain name.
    public init(_ patterns: [String]) throws {
        for pattern in patterns where !Self.isValid(pattern) {
            throw ConfigurationError("'\(pattern)' is not a host name like lcemu.internal, a domain like .example.test, or all")
        }
        self.init(validated: patterns)
    }

    private init(validated: [String]) {
        patterns = validated.map { Self.canonical($0) }
        allowsAll = patterns.contains("all")
    }

    /// Whether a request with this `Host` header may reach the admin surface on a server bound
    /// to `boundHost`. No header at all is no browser's request (they always send one): allowed.
    public func allows(hostHeader: String?, boundHost: String) -> Bool {
        guard let hostHeader, !allowsAll else { return true }
        guard let host = Self.hostName(ofHeader: hostHeader) else { return false }
        if host == "localhost" || host.hasSuffix(".localhost") || Self.isIPLiteral(host) || !host.contains(".") { return true }
        if host == Self.canonical(boundHost) { return true }
        return patterns.contains { pattern in
            pattern.hasPrefix(".") ? host == pattern.dropFirst() || host.hasSuffix(pattern) : host == pattern
        }
    }

    /// The name in `host[:port]`, lowercased and without a final dot; `[v6]` keeps its brackets.
    /// Nil for a value no browser sends (empty, or characters outside a host's).
    static func hostName(ofHeader value: String) -> String? {
        var host = Substring(value.lowercased())
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            host = host[...close]
        } else if let colon = host.lastIndex(of: ":") {
            guard host[host.index(after: colon)...].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            host = host[..<colon]
        }
        if host.hasSuffix(".") { host = host.dropLast() }
        guard !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._[]:".contains($0)) }) else { return nil }
        return String(host)
    }

    /// A dotted-quad IPv4 address or a bracketed IPv6 one: what browsers put in `Host` for an
    /// address URL (they rewrite `0x7f.1` and `2130706433` to the dotted form first).
    static func isIPLiteral(_ host: String) -> Bool {
        if host.hasPrefix("[") {
            // An IPv6 literal: hex digits and colons (an IPv4 tail's dots), nothing a name has.
            let inside = host.utf8.dropFirst().dropLast()
            return host.hasSuffix("]") && inside.contains(UInt8(ascii: ":"))
                && inside.allSatisfy { Hex.value(of: $0) != nil || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }
        }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            (1...3).contains(part.utf8.count) && part.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && Int(part)! <= 255
        }
    }

    private static func canonical(_ pattern: String) -> String {
        let lowered = pattern.lowercased()
        return lowered.hasSuffix(".") ? String(lowered.dropLast()) : lowered
    }

    private static func isValid(_ pattern: String) -> Bool {
        if pattern.lowercased() == "all" { return true }
        let name = pattern.hasPrefix(".") ? pattern.dropFirst() : Substring(pattern)
        return !name.isEmpty && !name.hasPrefix(".") && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-.".contains($0)) }
    }
}
