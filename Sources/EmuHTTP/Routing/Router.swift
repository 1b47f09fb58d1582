/// Matches a method and a decoded path against registered patterns. Patterns are split on `/`;
/// a segment `:name` captures one segment, a final `*name` captures the rest. Literal segments win
/// over captures, so `/users/me` and `/users/:id` coexist.
///
/// ```swift
/// var router = Router<String>()
/// router.add("GET", "/1.1/classes/:className/:objectId", "fetch")
/// router.match(method: "GET", path: "/1.1/classes/Post/abc")  // .found("fetch", ["className": "Post", …])
/// ```
public struct Router<Value: Sendable>: Sendable {
    /// The outcome of a lookup.
    public enum Match {
        case found(Value, parameters: [String: String])
        /// The path exists but not for this method; lists the methods it has.
        case methodNotAllowed(allowed: [String])
        case notFound
    }

    private var root = RouteNode<Value>()

    public init() {}

    /// Registers `value` for `method` and `pattern`. A later registration of the same pair wins.
    public mutating func add(_ method: String, _ pattern: String, _ value: Value) {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
        root.insert(segments: Self.segments(pattern)[...], method: method, value: value)
    }

    /// Finds the value for a request.
    public func match(method: String, path: String) -> Match {
        var parameters: [String: String] = [:]
        guard let node = root.find(path[...], parameters: &parameters) else { return .notFound }
        if let value = node.handlers[method] { return .found(value, parameters: parameters) }
        if method == "HEAD", let value = node.handlers["GET"] { return .found(value, parameters: parameters) }
        if node.handlers.isEmpty { return .notFound }
        return .methodNotAllowed(allowed: node.handlers.keys.sorted())
    }

    /// Every registered method and pattern, sorted by pattern then method: what the router
    /// knows, for tables that must cover every route (robustness tests, docs).
    public var routes: [(method: String, pattern: String)] {
        var found: [(method: String, pattern: String)] = []
        root.collect(prefix: "", into: &found)
        return found.sorted { ($0.pattern, $0.method) < ($1.pattern, $1.method) }
    }

    static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }
}

/// One segment position of the route tree. A class, so a lookup walks references instead of
/// copying each level's dictionaries (the copies' reference counting was most of routing's
/// time); `Router` keeps value semantics by copying the tree before changing a shared one.
// @unchecked: a node is mutated only while its router is built, before it is shared.
final class RouteNode<Value: Sendable>: @unchecked Sendable {
    var literals: [Substring: RouteNode] = [:]
    var capture: (name: String, node: RouteNode)?
    var rest: (name: String, handlers: [String: Value])?
    var handlers: [String: Value] = [:]

    init() {}

    /// A deep copy, for a router that is changed while another copy of it shares the tree.
    func copy() -> RouteNode {
        let copied = RouteNode()
        copied.literals = literals.mapValues { $0.copy() }
        copied.capture = capture.map { ($0.name, $0.node.copy()) }
        copied.rest = rest
        copied.handlers = handlers
        return copied
    }

    func insert(segments: ArraySlice<Substring>, method: String, value: Value) {
        guard let head = segments.first else {
            handlers[method] = value
            return
        }
        if head.hasPrefix("*") {
            var entry = rest ?? (String(head.dropFirst()), [:])
            entry.handlers[method] = value
            rest = entry
        } else if head.hasPrefix(":") {
            let node = capture?.node ?? RouteNode()
            node.insert(segments: segments.dropFirst(), method: method, value: value)
            capture = (String(head.dropFirst()), node)
        } else {
            let child = literals[head] ?? RouteNode()
            child.insert(segments: segments.dropFirst(), method: method, value: value)
            literals[head] = child
        }
    }

    func collect(prefix: String, into found: inout [(method: String, pattern: String)]) {
        for method in handlers.keys { found.append((method, prefix.isEmpty ? "/" : prefix)) }
        for (segment, child) in literals { child.collect(prefix: "\(prefix)/\(segment)", into: &found) }
        if let capture { capture.node.collect(prefix: "\(prefix)/:\(capture.name)", into: &found) }
        if let rest { for method in rest.handlers.keys { found.append((method, "\(prefix)/*\(rest.name)")) } }
    }

    /// The node for what is left of a path, walking its segments as substrings of the path
    /// itself: a lookup builds no array of segments (it runs on every request).
    func find(_ path: Substring, parameters: inout [String: String]) -> RouteNode? {
        let slash = UInt8(ascii: "/")
        guard let start = path.utf8.firstIndex(where: { $0 != slash }) else { return self }
        let end = path.utf8[start...].firstIndex(of: slash) ?? path.endIndex
        let head = path[start..<end]
        let tail = path[end...]
        if let child = literals[head], let found = child.find(tail, parameters: &parameters) {
            return found
        }
        if let capture, let found = capture.node.find(tail, parameters: &parameters) {
            // Routes capture at most a few segments: room for them at once, not regrowth.
            if parameters.isEmpty { parameters.reserveCapacity(4) }
            parameters[capture.name] = String(head)
            return found
        }
        if let rest {
            parameters[rest.name] = path[start...].split(separator: "/").joined(separator: "/")
            let leaf = RouteNode()
            leaf.handlers = rest.handlers
            return leaf
        }
        return nil
    }
}
