#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire

/// How an object is rendered for a response: the `keys` projection, the pointers to `include`
/// and whether to add the `ACL` (spec §2.4, §3.1, §3.6). Fetch, query and batch GET share it.
public struct RenderOptions: Sendable {
    /// `keys=a,b.c,-d`; nil renders every field.
    public var keys: KeyProjection?
    /// `include=a,b.c`: pointer fields to expand, nested with dots.
    public var include: [FieldPath]
    /// `returnACL=true`.
    public var returnACL: Bool

    /// Options given directly (batch `params`, inner queries).
    public init(keys: KeyProjection? = nil, include: [FieldPath] = [], returnACL: Bool = false) {
        self.keys = keys
        self.include = include
        self.returnACL = returnACL
    }

    /// The most distinct paths one `include` may name. Each path walks every rendered object
    /// again (a fetch by id does so on the connection's own thread), and SDKs send a handful.
    public static let maxIncludePaths = 50

    /// Reads `keys`, `include` and `returnACL` from query parameters; more than
    /// `maxIncludePaths` include paths → 400 code 1.
    public init(parameter: (String) -> String?) throws {
        let include = Self.paths(parameter("include"))
        guard include.count <= Self.maxIncludePaths else {
            throw APIError(.invalidQuery("include takes at most \(Self.maxIncludePaths) paths"))
        }
        self.init(keys: parameter("keys").flatMap(KeyProjection.init), include: include,
                  returnACL: Self.flag(parameter("returnACL")))
    }

    /// The paths of a comma-separated list, blanks and repeats dropped (`a,a` is `a`).
    static func paths(_ text: String?) -> [FieldPath] {
        guard let text else { return [] }
        var seen = Set<FieldPath>()
        return text.split(separator: ",").map { $0.trimmingWhitespace() }
            .filter { !$0.isEmpty }.map(FieldPath.init).filter { seen.insert($0).inserted }
    }

    /// `true` or `1`, in any case, is on; anything else is off.
    public static func flag(_ text: String?) -> Bool {
        guard let text = text?.lowercased() else { return false }
        return text == "true" || text == "1"
    }
}

extension RenderOptions {
    /// Reads `keys`, `include` and `returnACL` from query parameters; `returnACL=true` counts
    /// only when the app's setting "include ACL in query results" is on (spec §3.1, §6.2).
    package init(parameter: (String) -> String?, app: AppRuntime) throws {
        try self.init(parameter: parameter)
        returnACL = returnACL && app.configuration.options.returnACL
    }
}

// MARK: - KeyProjection

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
