#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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
        // Every request asks: the usual path (`/1.1/…`, no dot segment) is decided on its bytes,
        // by its first segment and a `memchr` for dots, without splitting it.
        let verdict = path.utf8.withContiguousStorageIfAvailable(verdict) ?? Array(path.utf8).withUnsafeBufferPointer(verdict)
        guard verdict == .mayHaveDotSegment else { return verdict == .admin }
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

    /// What a path's bytes say before any dot segment is resolved.
    enum Verdict: Equatable { case admin, notAdmin, mayHaveDotSegment }

    /// Admin when the first non-empty segment is; otherwise not, unless some segment starts with
    /// a dot (a cheap test that may say so for `.well-known`, never misses `.` or `..`).
    static func verdict(_ bytes: UnsafeBufferPointer<UInt8>) -> Verdict {
        // The API's paths, `/1.1/…`: a first segment that is not `__admin`, and whose dot starts
        // no segment, so the dots are looked for after it only (the usual path then has none:
        // one `memchr`, where finding the dot of `1.1` first cost a second one and a turn).
        if bytes.count >= 5, bytes[0] == slash, bytes[1] == one, bytes[2] == dot, bytes[3] == one, bytes[4] == slash {
            return mayHaveDotSegment(UnsafeBufferPointer(rebasing: bytes[4...])) ? .mayHaveDotSegment : .notAdmin
        }
        var start = 0
        while start < bytes.count && bytes[start] == slash { start += 1 }
        var end = start
        while end < bytes.count && bytes[end] != slash { end += 1 }
        if isAdminSegment(bytes[start..<end]) { return .admin }
        return mayHaveDotSegment(bytes) ? .mayHaveDotSegment : .notAdmin
    }

    /// `__admin`, ASCII letters in any case. The length first (7, `segment`'s), so that the
    /// usual first segment (`1.1`) is not compared at all.
    private static func isAdminSegment<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.count == 7 && bytes.elementsEqual(segment.utf8) { byte, expected in
            (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == expected
        }
    }

    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")
    private static let one = UInt8(ascii: "1")

    /// Whether some segment starts with a dot; each dot `memchr` finds is looked at once.
    private static func mayHaveDotSegment(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var from = 0
        while from < bytes.count, let found = memchr(base + from, Int32(UInt8(ascii: ".")), bytes.count - from) {
            let index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            if index == 0 || bytes[index - 1] == slash { return true }
            from = index + 1
        }
        return false
    }

    /// The dashboard's files, `/__admin/ui` and `/__admin/ui/<file>`: a page a link elsewhere
    /// may open (the one cross-site request the admin surface accepts, as a navigation).
    package static func isDashboardPage(_ path: String) -> Bool {
        path == "/__admin/ui" || path.hasPrefix("/__admin/ui/")
    }
}
