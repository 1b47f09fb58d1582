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
