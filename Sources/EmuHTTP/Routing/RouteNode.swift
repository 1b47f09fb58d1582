/// One segment position of the route tree. A class, so a lookup walks references instead of
/// copying each level; `Router` keeps value semantics by copying a shared tree before a change.
/// Lookups compare the path's bytes with each literal (a node has a few dozen at most): hashing
/// substrings, slicing them at scalar boundaries and the generic tuple metadata of the first
/// version were most of routing's time.
// @unchecked: a node is mutated only while its router is built, before it is shared.
final class RouteNode<Value: Sendable>: @unchecked Sendable {
    private(set) var literals: [(key: [UInt8], node: RouteNode)] = []
    private(set) var captureName = ""
    private(set) var capture: RouteNode?
    private(set) var restName: String?
    /// The node a rest capture leads to: made once here, not on every match.
    private(set) var restLeaf: RouteNode?
    var handlers: [String: Value] = [:]

    init() {}

    /// A deep copy, for a router that is changed while another copy of it shares the tree.
    func copy() -> RouteNode {
        let copied = RouteNode()
        copied.literals = literals.map { ($0.key, $0.node.copy()) }
        copied.captureName = captureName
        copied.capture = capture?.copy()
        copied.restName = restName
        copied.restLeaf = restLeaf?.copy()
        copied.handlers = handlers
        return copied
    }

    func insert(segments: ArraySlice<Substring>, method: String, value: Value) {
        guard let head = segments.first else {
            handlers[method] = value
            return
        }
        if head.hasPrefix("*") {
            restName = String(head.dropFirst())
            let leaf = restLeaf ?? RouteNode()
            leaf.handlers[method] = value
            restLeaf = leaf
        } else if head.hasPrefix(":") {
            let node = capture ?? RouteNode()
            node.insert(segments: segments.dropFirst(), method: method, value: value)
            captureName = String(head.dropFirst())
            capture = node
        } else {
            let key = Array(head.utf8)
            let child = literals.first { $0.key == key }?.node ?? RouteNode()
            child.insert(segments: segments.dropFirst(), method: method, value: value)
            if !literals.contains(where: { $0.key == key }) { literals.append((key, child)) }
        }
    }

    func collect(prefix: String, into found: inout [(method: String, pattern: String)]) {
        for method in handlers.keys { found.append((method, prefix.isEmpty ? "/" : prefix)) }
        for (key, child) in literals {
            child.collect(prefix: "\(prefix)/\(String(decoding: key, as: UTF8.self))", into: &found)
        }
        if let capture { capture.collect(prefix: "\(prefix)/:\(captureName)", into: &found) }
        if let restName, let restLeaf { for method in restLeaf.handlers.keys { found.append((method, "\(prefix)/*\(restName)")) } }
    }

    /// The node for the path's bytes from `offset` on. Literal segments win over a capture,
    /// which wins over a rest capture; each is tried in turn when the deeper match fails.
    func find(_ path: UnsafeBufferPointer<UInt8>, from offset: Int, parameters: inout [String: String]) -> RouteNode? {
        let slash = UInt8(ascii: "/")
        var start = offset
        while start < path.count && path[start] == slash { start += 1 }
        if start == path.count { return self }
        var end = start
        while end < path.count && path[end] != slash { end += 1 }
        let segment = UnsafeBufferPointer(rebasing: path[start..<end])
        if let child = literal(segment), let found = child.find(path, from: end, parameters: &parameters) {
            return found
        }
        if let capture, let found = capture.find(path, from: end, parameters: &parameters) {
            // Routes capture at most a few segments: room for them at once, not regrowth.
            if parameters.isEmpty { parameters.reserveCapacity(4) }
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

    private func literal(_ segment: UnsafeBufferPointer<UInt8>) -> RouteNode? {
        for (key, node) in literals where key.count == segment.count {
            if key.withUnsafeBufferPointer({ $0.elementsEqual(segment) }) { return node }
        }
        return nil
    }
}
