import Foundation
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
        return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
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
