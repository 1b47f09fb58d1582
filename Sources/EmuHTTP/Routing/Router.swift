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
        case found(Value, parameters: RouteCaptures)
        /// The path exists but not for this method; lists the methods it has.
        case methodNotAllowed(allowed: [String])
        case notFound
    }

    @usableFromInline var root = RouteNode()
    /// The registered values; nodes hold their slots.
    @usableFromInline var values: [Value] = []

    public init() {}

    /// Registers `value` for `method` and `pattern`. A later registration of the same pair wins.
    public mutating func add(_ method: String, _ pattern: String, _ value: Value) {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
        values.append(value)
        root.insert(segments: Self.segments(pattern)[...], method: method, slot: values.count - 1)
    }

    /// Finds the value for a request. Inlinable, so that the caller's module builds its `Match`
    /// for its own `Value`: unspecialised, every request looked up the generic metadata.
    @inlinable
    public func match(method: String, path: String) -> Match {
        switch root.lookup(method: method, path: path) {
        case .found(let slot, let parameters): return .found(values[slot], parameters: parameters)
        case .methodNotAllowed(let allowed): return .methodNotAllowed(allowed: allowed)
        case .notFound: return .notFound
        }
    }

    /// Every registered method and pattern, sorted by pattern then method: what the router
    /// knows, for tables that must cover every route (robustness tests, docs).
    public var routes: [(method: String, pattern: String)] {
        var found: [(method: String, pattern: String)] = []
        root.collect(prefix: "", into: &found)
        return found.sorted { ($0.pattern, $0.method) < ($1.pattern, $1.method) }
    }

    /// A path's or pattern's segments as lookups walk them: empty ones skipped (`//a/b/` is
    /// `a`, `b`). Public so that whoever keys a table by route path reads paths the same way.
    public static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }
}

extension RouteNode {
    /// A lookup's outcome, in slots: `Router` turns it into its generic `Match`.
    @usableFromInline
    enum Lookup {
        case found(slot: Int, parameters: RouteCaptures)
        case methodNotAllowed([String])
        case notFound
    }

    /// The slot of the handler for a method and a decoded path, with the path's captures.
    @usableFromInline
    func lookup(method: String, path: String) -> Lookup {
        // The walk runs over the path's UTF-8 bytes: no substrings, hashing or metadata lookups.
        // Read in place, and the captures made inside and handed out whole: a mutable copy of
        // the path, and captures the closure shared, were each copied and dropped per request.
        let walk = { (bytes: UnsafeBufferPointer<UInt8>) -> (RouteNode?, RouteCaptures) in
            var parameters = RouteCaptures()
            let node = self.find(bytes, from: 0, parameters: &parameters)
            return (node, parameters)
        }
        let (found, parameters) = path.utf8.withContiguousStorageIfAvailable(walk) ?? {
            var copy = path
            return copy.withUTF8(walk)
        }()
        guard let node = found else { return .notFound }
        if let slot = node.slot(for: method) { return .found(slot: slot, parameters: parameters) }
        if method == "HEAD", let slot = node.slot(for: "GET") { return .found(slot: slot, parameters: parameters) }
        if node.handlers.isEmpty { return .notFound }
        return .methodNotAllowed(node.methods.sorted())
    }
}

// MARK: - RouteCaptures, what a match captured

/// What a route pattern captured (`:name` segments and a final `*name`), looked up by name.
/// Routes capture two values at most but for a few: those two are kept inline, so a match
/// allocates nothing but the captured strings (a dictionary cost an allocation, and its generic
/// `reserveCapacity` a visible share of routing's time, bench/allocations and perf).
public struct RouteCaptures: Sendable, Equatable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    private var first: (name: String, value: String)?
    private var second: (name: String, value: String)?
    private var more: [(name: String, value: String)] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { self[name] = value }
    }

    /// The captured value, or nil when the pattern has no such capture.
    public subscript(name: String) -> String? {
        get {
            if let first, first.name == name { return first.value }
            if let second, second.name == name { return second.value }
            return more.first { $0.name == name }?.value
        }
        set {
            guard let newValue else { return remove(name) }
            if first == nil || first?.name == name {
                first = (name, newValue)
            } else if second == nil || second?.name == name {
                second = (name, newValue)
            } else if let index = more.firstIndex(where: { $0.name == name }) {
                more[index].value = newValue
            } else {
                more.append((name, newValue))
            }
        }
    }

    /// Every capture, in the order they were set.
    public var all: [(name: String, value: String)] { [first, second].compactMap { $0 } + more }

    public var isEmpty: Bool { first == nil && second == nil && more.isEmpty }

    public var description: String { "[" + all.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "]" }

    public static func == (lhs: RouteCaptures, rhs: RouteCaptures) -> Bool {
        let left = lhs.all.sorted { $0.name < $1.name }, right = rhs.all.sorted { $0.name < $1.name }
        return left.elementsEqual(right) { $0.name == $1.name && $0.value == $1.value }
    }

    private mutating func remove(_ name: String) {
        let kept = all.filter { $0.name != name }
        self = RouteCaptures()
        for pair in kept { self[pair.name] = pair.value }
    }
}
