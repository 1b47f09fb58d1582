import EmuData

/// Whether a decoded request path is, or could be taken for, the admin surface (`/__admin/…`).
///
/// The router skips empty segments (`//__admin/routes` reaches `/__admin/routes`) and the HTTP
/// parser percent-decodes (`/%5F%5Fadmin`, `/%2F__admin`). Dot segments are not resolved by the
/// router, but a proxy in front, or a later change, may resolve them. So a path counts as admin
/// when its first non-empty segment, before or after resolving `.` and `..`, is `__admin` in
/// any case: the guard refuses rather than guesses which spelling reaches what.
package enum AdminPath {
    static let segment = "__admin"

    package static func contains(_ path: String) -> Bool {
        // Every request asks: the usual path (`/1.1/…`, no dot segment) is decided by its first
        // segment without splitting it.
        let first = path.utf8.drop { $0 == slash }.prefix { $0 != slash }
        if isAdminSegment(first) { return true }
        guard mayHaveDotSegment(path) else { return false }
        var resolved: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = resolved.popLast()
            default: resolved.append(part)
            }
        }
        return resolved.first.map { isAdminSegment($0.utf8) } ?? false
    }

    /// `__admin`, ASCII letters in any case.
    private static func isAdminSegment(_ bytes: Substring.UTF8View) -> Bool {
        bytes.elementsEqual(segment.utf8) { byte, expected in
            (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == expected
        }
    }

    private static let slash = UInt8(ascii: "/")

    /// Whether some segment starts with a dot: a cheap test that may say yes for `.well-known`,
    /// never no for `.` or `..`.
    private static func mayHaveDotSegment(_ path: String) -> Bool {
        var previous = slash
        for byte in path.utf8 {
            if previous == slash && byte == UInt8(ascii: ".") { return true }
            previous = byte
        }
        return false
    }

    /// The dashboard's files, `/__admin/ui` and `/__admin/ui/<file>`: a page a link elsewhere
    /// may open (the one cross-site request the admin surface accepts, as a navigation).
    package static func isDashboardPage(_ path: String) -> Bool {
        path == "/__admin/ui" || path.hasPrefix("/__admin/ui/")
    }
}
