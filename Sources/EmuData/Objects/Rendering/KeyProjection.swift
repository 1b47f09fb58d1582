import LCWire

/// The `keys` projection (spec §3.1, §3.6): `a,b.c` selects fields or sub-members of embedded
/// and included objects, `-d`, `-e.f` exclude them. `objectId`, `createdAt` and `updatedAt`
/// (and an included pointer's `__type`/`className`) always stay unless excluded by name.
public struct KeyProjection: Sendable {
    let selected: [FieldPath]
    let excluded: [FieldPath]

    /// Members kept by any selection, at every level.
    static let alwaysKept: Set<String> = [
        LCFieldName.objectId, LCFieldName.createdAt, LCFieldName.updatedAt, LCFieldName.acl,
        LCWireKey.type, LCWireKey.className,
    ]

    /// Parses the parameter; nil when it names nothing.
    public init?(_ text: String) {
        let paths = RenderOptions.paths(text)
        guard !paths.isEmpty else { return nil }
        selected = paths.filter { !$0.head.hasPrefix("-") }
        excluded = paths.filter { $0.head.hasPrefix("-") }
            .map { FieldPath(segments: [String($0.head.dropFirst())] + $0.segments.dropFirst()) }
    }

    /// The projection of a rendered object.
    public func apply(to object: JSONObject) -> JSONObject {
        var result = selected.isEmpty ? object : Self.select(object, selected.map { $0.segments[...] })
        for path in excluded { result = Self.exclude(path.segments[...], from: result) }
        return result
    }

    private static func select(_ object: JSONObject, _ paths: [ArraySlice<String>]) -> JSONObject {
        var tails: [String: [ArraySlice<String>]] = [:]
        for path in paths {
            guard let head = path.first else { continue }
            tails[head, default: []].append(path.dropFirst())
        }
        var result = JSONObject()
        for (key, value) in object {
            if alwaysKept.contains(key) {
                result[key] = value
            } else if let nested = tails[key] {
                result[key] = nested.contains(where: \.isEmpty) ? value : map(value) { select($0, nested) }
            }
        }
        return result
    }

    private static func exclude(_ path: ArraySlice<String>, from object: JSONObject) -> JSONObject {
        guard let head = path.first else { return object }
        var result = object
        if path.count == 1 {
            result.removeValue(forKey: head)
        } else if let value = object[head] {
            result[head] = map(value) { exclude(path.dropFirst(), from: $0) }
        }
        return result
    }

    /// Applies `transform` to an object, or to the objects of an array; other values stay.
    private static func map(_ value: JSON, _ transform: (JSONObject) -> JSONObject) -> JSON {
        switch value {
        case .object(let object): return .object(transform(object))
        case .array(let items): return .array(items.map { map($0, transform) })
        default: return value
        }
    }
}
