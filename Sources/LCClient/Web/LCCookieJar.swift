import Foundation

/// The cookies of one server, from `Set-Cookie` answers, for the `Cookie` header.
struct LCCookieJar: Sendable {
    private(set) var values: [String: String] = [:]

    subscript(name: String) -> String? { values[name] }

    /// The `Cookie` header value, nil when empty.
    var header: String? {
        values.isEmpty ? nil : values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: "; ")
    }

    /// Takes the cookies of a response. Several `Set-Cookie` fields may arrive joined by commas
    /// (as `HTTPURLResponse` does); a comma followed by `name=` starts a new cookie, while the
    /// comma inside an `Expires` date does not.
    mutating func store(from response: LCHTTPResponse) {
        guard let header = response.header("Set-Cookie") else { return }
        for cookie in Self.split(header) {
            let attributes = cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let pair = attributes.first, let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            let expired = attributes.dropFirst().contains { $0.lowercased() == "max-age=0" } || value.isEmpty
            values[name] = expired ? nil : value
        }
    }

    mutating func removeAll() { values.removeAll() }

    static func split(_ header: String) -> [String] {
        var cookies: [String] = []
        for part in header.components(separatedBy: ",") {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            let startsCookie = trimmed.range(of: "^[A-Za-z0-9_.\\-]+=", options: .regularExpression) != nil
            if startsCookie || cookies.isEmpty { cookies.append(trimmed) } else { cookies[cookies.count - 1] += "," + part }
        }
        return cookies
    }
}
