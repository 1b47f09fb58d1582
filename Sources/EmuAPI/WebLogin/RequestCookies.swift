import EmuHTTP

/// The cookies a request carries (RFC 6265 §5.4: `Cookie: a=1; b=2`, possibly over several
/// header lines). The first value of a name wins, as browsers send the most specific first.
struct RequestCookies: Sendable {
    private var values: [String: String] = [:]

    init(_ headers: HTTPHeaders) {
        for line in headers.values(for: "Cookie") {
            for pair in line.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = parts[0].trimmingSpaces
                guard !name.isEmpty, values[name] == nil else { continue }
                var value = parts.count > 1 ? parts[1].trimmingSpaces : ""
                // RFC 6265 allows a value in double quotes.
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
                values[name] = value
            }
        }
    }

    subscript(name: String) -> String? { values[name].flatMap { $0.isEmpty ? nil : $0 } }
}

private extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
