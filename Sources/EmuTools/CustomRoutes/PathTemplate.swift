import EmuData
import EmuRouting
import Primitives

/// A route's path: literal segments, `:name` capturing one segment, and a final `*name`
/// capturing the rest (`/news/:id` matches `/news/42` with `id` = `42`). Trailing slashes and
/// doubled slashes do not matter, as in the LeanCloud router. Never on `/__admin`, however spelt.
struct PathTemplate: Sendable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case capture(String)
        case rest(String)
    }

    let text: String
    let segments: [Segment]

    init(_ text: String) throws {
        guard text.hasPrefix("/") else { throw RouteDefinitionError(field: "", "must start with /") }
        guard !AdminPathSpelling.reachesAdmin(text) else {
            throw RouteDefinitionError(field: "", "/__admin is the emulator's own and cannot be shadowed (in any spelling)")
        }
        guard !text.contains("?") else { throw RouteDefinitionError(field: "", "no query here: match it with request.query") }
        let parts = text.split(separator: "/")
        // Clients resolve dot segments before they send: a route with one would never answer.
        guard !parts.contains(where: { $0 == "." || $0 == ".." }) else {
            throw RouteDefinitionError(field: "", "no '.' or '..' segments: write the path as clients send it")
        }
        var segments: [Segment] = []
        for (index, part) in parts.enumerated() {
            if part.hasPrefix(":") || part.hasPrefix("*") {
                let name = String(part.dropFirst())
                guard !name.isEmpty else { throw RouteDefinitionError(field: "", "a capture needs a name, e.g. :id") }
                guard !segments.contains(.capture(name)) else { throw RouteDefinitionError(field: "", "capture '\(name)' appears twice") }
                if part.hasPrefix("*") {
                    guard index == parts.count - 1 else { throw RouteDefinitionError(field: "", "*\(name) must be the last segment") }
                    segments.append(.rest(name))
                } else {
                    segments.append(.capture(name))
                }
            } else {
                segments.append(.literal(String(part)))
            }
        }
        self.text = text
        self.segments = segments
    }

    /// The names a template may use as `{{request.path.<name>}}`.
    var captureNames: [String] {
        segments.compactMap {
            switch $0 {
            case .capture(let name), .rest(let name): return name
            case .literal: return nil
            }
        }
    }

    /// The captures when `path` matches, else nil.
    func match(_ path: String) -> [String: String]? {
        let parts = path.split(separator: "/")
        var captures: [String: String] = [:]
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .rest(let name):
                guard index < parts.count else { return nil }
                captures[name] = parts[index...].joined(separator: "/")
                return captures
            case .literal(let literal):
                guard index < parts.count, parts[index] == literal else { return nil }
            case .capture(let name):
                guard index < parts.count else { return nil }
                captures[name] = String(parts[index])
            }
        }
        return parts.count == segments.count ? captures : nil
    }

    /// A concrete path this template matches, for asking the LeanCloud router whether it
    /// answers there too (the shadowing report at load time).
    var example: String {
        "/" + segments.map {
            switch $0 {
            case .literal(let literal): return literal
            case .capture, .rest: return "x"
            }
        }.joined(separator: "/")
    }
}

// MARK: - AdminPathSpelling

/// Whether a path names the emulator's own `/__admin` (the admin API and the dashboard) in any
/// spelling a client or a route file might use. Custom routes are tried before the router, so a
/// route must never answer such a path, nor be defined on one: either would put a mock in front
/// of the emulator's own checks. `AdminPath` decides for a decoded request path (doubled slashes,
/// dot segments, any case); this adds what a route's template or a lenient proxy may bring:
/// `%XX` escapes decoded once more (`/%5F_admin` in a template, `/%255F_admin` in a request) and
/// `\` read as `/`.
package enum AdminPathSpelling {
    package static func reachesAdmin(_ path: String) -> Bool {
        if AdminPath.contains(path) { return true }
        guard path.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "\\") }) else { return false }
        return AdminPath.contains(percentDecoded(path).replacing("\\", with: "/"))
    }

    /// `%XX` escapes decoded; anything else (a stray `%`) kept as it is.
    static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "%"), input.count >= 2,
               let high = Hex.value(of: input[input.startIndex]), let low = Hex.value(of: input[input.startIndex + 1]) {
                bytes.append(high << 4 | low)
                input = input.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
