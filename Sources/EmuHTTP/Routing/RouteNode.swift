#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One segment position of the route tree. A class, so a lookup walks references instead of
/// copying each level; `Router` keeps value semantics by copying a shared tree before a change.
/// Lookups compare the path's bytes with each literal (a node has a few dozen at most), which
/// costs less than hashing substrings, slicing them at scalar boundaries or instantiating generic
/// tuple metadata would. Not generic: a node holds the slots of its handlers in
/// `Router.values`, so a lookup from another module instantiates no generic metadata.
// @unchecked: a node is mutated only while its router is built, before it is shared; hence
// also `@exclusivity(unchecked)`: a lookup's reads cannot overlap a change, and the runtime's
// check cost a call per field read on every request.
@usableFromInline
final class RouteNode: @unchecked Sendable {
    struct Literal {
        let key: [UInt8]
        let node: RouteNode
    }

    struct Handler {
        let method: String
        var slot: Int
    }

    @exclusivity(unchecked) private(set) var literals: [Literal] = []
    @exclusivity(unchecked) private(set) var captureName = ""
    @exclusivity(unchecked) private(set) var capture: RouteNode?
    @exclusivity(unchecked) private(set) var restName: String?
    /// The node a rest capture leads to: made once here, not on every match.
    @exclusivity(unchecked) private(set) var restLeaf: RouteNode?
    @exclusivity(unchecked) private(set) var handlers: [Handler] = []

    @usableFromInline
    init() {}

    /// A deep copy, for a router that is changed while another copy of it shares the tree.
    func copy() -> RouteNode {
        let copied = RouteNode()
        copied.literals = literals.map { Literal(key: $0.key, node: $0.node.copy()) }
        copied.captureName = captureName
        copied.capture = capture?.copy()
        copied.restName = restName
        copied.restLeaf = restLeaf?.copy()
        copied.handlers = handlers
        return copied
    }

    /// The slot of the handler for `method`, if any.
    func slot(for method: String) -> Int? {
        for handler in handlers where handler.method == method { return handler.slot }
        return nil
    }

    var methods: [String] { handlers.map(\.method) }

    func insert(segments: ArraySlice<Substring>, method: String, slot: Int) {
        guard let head = segments.first else {
            return setHandler(method, slot)
        }
        if head.hasPrefix("*") {
            restName = String(head.dropFirst())
            let leaf = restLeaf ?? RouteNode()
            leaf.setHandler(method, slot)
            restLeaf = leaf
        } else if head.hasPrefix(":") {
            let node = capture ?? RouteNode()
            node.insert(segments: segments.dropFirst(), method: method, slot: slot)
            captureName = String(head.dropFirst())
            capture = node
        } else {
            let key = Array(head.utf8)
            let child = literals.first { $0.key == key }?.node ?? RouteNode()
            child.insert(segments: segments.dropFirst(), method: method, slot: slot)
            if !literals.contains(where: { $0.key == key }) { literals.append(Literal(key: key, node: child)) }
        }
    }

    /// A later registration of the same method wins.
    private func setHandler(_ method: String, _ slot: Int) {
        if let index = handlers.firstIndex(where: { $0.method == method }) {
            handlers[index].slot = slot
        } else {
            handlers.append(Handler(method: method, slot: slot))
        }
    }

    func collect(prefix: String, into found: inout [(method: String, pattern: String)]) {
        for method in methods { found.append((method, prefix.isEmpty ? "/" : prefix)) }
        for literal in literals {
            literal.node.collect(prefix: "\(prefix)/\(String(decoding: literal.key, as: UTF8.self))", into: &found)
        }
        if let capture { capture.collect(prefix: "\(prefix)/:\(captureName)", into: &found) }
        if let restName, let restLeaf { for method in restLeaf.methods { found.append((method, "\(prefix)/*\(restName)")) } }
    }

    /// The node for the path's bytes from `offset` on. Literal segments win over a capture,
    /// which wins over a rest capture; each is tried in turn when the deeper match fails.
    func find(_ path: UnsafeBufferPointer<UInt8>, from offset: Int, parameters: inout RouteCaptures) -> RouteNode? {
        let slash = UInt8(ascii: "/")
        var start = offset
        while start < path.count && path[start] == slash { start += 1 }
        if start == path.count { return self }
        var end = start
        while end < path.count && path[end] != slash { end += 1 }
        let segment = UnsafeBufferPointer(rebasing: path[start..<end])
        // The children are visited unretained: the tree does not change while it is looked up
        // (see the class's comment), and whoever looks it up holds its root.
        if let child = literal(segment),
           let found = child._withUnsafeGuaranteedRef({ $0.find(path, from: end, parameters: &parameters) }) {
            return found
        }
        if let capture = capture.map(Unmanaged.passUnretained),
           let found = capture._withUnsafeGuaranteedRef({ $0.find(path, from: end, parameters: &parameters) }) {
            parameters[captureName] = String(decoding: segment, as: UTF8.self)
            return found
        }
        if let restName, let restLeaf {
            let rest = String(decoding: UnsafeBufferPointer(rebasing: path[start...]), as: UTF8.self)
            parameters[restName] = rest.split(separator: "/").joined(separator: "/")
            return restLeaf
        }
        return nil
    }

    /// The child whose key spells `segment`, unretained. The literals are looked at in place:
    /// iterating them copied each one, retaining its key and node, counts the event loops share.
    private func literal(_ segment: UnsafeBufferPointer<UInt8>) -> Unmanaged<RouteNode>? {
        literals.withUnsafeBufferPointer { literals in
            for index in literals.indices where literals[index].key.count == segment.count {
                let equal = literals[index].key.withUnsafeBufferPointer { key in
                    key.count == 0 || memcmp(key.baseAddress!, segment.baseAddress!, key.count) == 0
                }
                if equal { return Unmanaged.passUnretained(literals[index].node) }
            }
            return nil
        }
    }
}
