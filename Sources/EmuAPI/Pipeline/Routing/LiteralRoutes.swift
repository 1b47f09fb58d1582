#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import EmuHTTP
import EmuRouting

/// The routes whose pattern has no capture (`/1.1/date`, `/1.1/login`, `/__admin/requests`),
/// found by their whole path before the router's tree is walked: a path spelled as its pattern
/// is, and a method registered for it, are compared in place (by length, then bytes), where the
/// tree's walk cost ~540 instructions per request (issue 31).
///
/// It answers only what the tree would: built from the router's own routes, each value read
/// back through `Router.match` (so a later registration of the same pair wins here too). Every
/// literal segment wins in the tree, so a path equal to a literal pattern reaches that pattern's
/// node. Anything else (another spelling, `//1.1/date/`, a HEAD answered by a GET, a method the
/// path lacks) is left to the tree, which answers it as before.
struct LiteralRoutes: Sendable {
    struct Entry: Sendable {
        let path: [UInt8]
        /// The path's last eight bytes (`tail(_:)`): compared first, so that a path of the same
        /// length as some literal ones (the create's `/1.1/classes/Post`) is refused by one word
        /// each, where comparing methods and bytes cost ~350 instructions (issue 31).
        let tail: UInt64
        let method: String
        let route: APIRoute
    }

    /// Ordered by the path's length: `starts[n]..<starts[n + 1]` hold the paths of n bytes.
    private let entries: [Entry]
    private let starts: [Int]
    /// Bit n set when some literal path has n bytes (n < 64; longer ones are looked up anyway):
    /// most paths with captures (a fetch's `/1.1/classes/Post/<id>`) are refused by it alone.
    private let lengths: UInt64

    init(_ router: Router<APIRoute>) {
        var found: [Entry] = []
        for (method, pattern) in router.routes {
            let segments = Router<APIRoute>.segments(pattern)
            guard !segments.contains(where: { $0.hasPrefix(":") || $0.hasPrefix("*") }),
                  case .found(let route, let captures) = router.match(method: method, path: pattern), captures.isEmpty
            else { continue }
            // The pattern as a request spells it: one slash before each segment, none after.
            let path = segments.isEmpty ? "/" : segments.map { "/" + $0 }.joined()
            let bytes = Array(path.utf8)
            found.append(Entry(path: bytes, tail: bytes.withUnsafeBufferPointer(Self.tail), method: method, route: route))
        }
        let sorted = found.sorted { $0.path.count < $1.path.count }
        let longest = sorted.last?.path.count ?? 0
        entries = sorted
        lengths = sorted.reduce(0) { bits, entry in entry.path.count < 64 ? bits | 1 << entry.path.count : bits }
        starts = (0...longest + 1).map { length in sorted.firstIndex { $0.path.count >= length } ?? sorted.count }
    }

    /// The route registered for exactly this method and path (as its pattern spells it), if any.
    @inline(__always)
    func route(method: String, path: String) -> APIRoute? {
        let length = path.utf8.count
        guard length >= 64 || lengths & 1 << length != 0 else { return nil }
        return path.utf8.withContiguousStorageIfAvailable { bytes in find(method: method, bytes) } ?? nil
    }

    private func find(method: String, _ bytes: UnsafeBufferPointer<UInt8>) -> APIRoute? {
        let length = bytes.count
        guard length + 1 < starts.count, let base = bytes.baseAddress else { return nil }
        let (first, end) = starts.withUnsafeBufferPointer { ($0[length], $0[length + 1]) }
        guard first < end else { return nil }
        let tail = Self.tail(bytes)
        // Looked at in place: iterating the entries copied each, retaining its path and route.
        return entries.withUnsafeBufferPointer { entries in
            for index in first..<end where entries[index].tail == tail && entries[index].method == method {
                let equal = entries[index].path.withUnsafeBufferPointer { memcmp($0.baseAddress!, base, length) == 0 }
                if equal { return entries[index].route }
            }
            return nil
        }
    }

    /// The last eight bytes of `bytes` as a word (fewer, zero-extended, for a shorter path).
    private static func tail(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        if bytes.count >= 8 { return UnsafeRawPointer(base + bytes.count - 8).loadUnaligned(as: UInt64.self) }
        return bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
