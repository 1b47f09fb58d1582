import EmuData
import EmuRouting
import LCWire

/// A path family that addresses objects: `/1.1/classes/<Class>` and the aliases
/// `/1.1/users`, `/1.1/roles`, `/1.1/installations` of the built-in classes (spec §2.1).
struct ObjectCollection: Sendable {
    /// The collection's route pattern, e.g. `/1.1/classes/:className` or `/1.1/users`.
    let pattern: String
    /// The class of an alias; nil when the class is the `className` capture.
    let fixedClassName: String?

    static let classes = ObjectCollection(pattern: "/1.1/classes/:className", fixedClassName: nil)
    static let users = ObjectCollection(pattern: "/1.1/users", fixedClassName: LCClassName.user)
    static let roles = ObjectCollection(pattern: "/1.1/roles", fixedClassName: LCClassName.role)
    static let installations = ObjectCollection(pattern: "/1.1/installations", fixedClassName: LCClassName.installation)

    static let all = [classes, users, roles, installations]

    /// The pattern of one object in the collection.
    var objectPattern: String { "\(pattern)/:objectId" }

    /// The class a request addresses; a name that is not a valid class name is 103.
    func className(of request: RequestContext<AppRuntime>) throws -> String {
        if let fixedClassName { return fixedClassName }
        let name = request.parameter("className")
        guard LCNames.isValidClassName(name) else { throw APIError(.invalidClassName) }
        return name
    }

    /// The `Location` of a created object (spec §1.5, §2.3): the request's scheme and `Host`
    /// and the collection's own path, so `/1.1/roles` answers `/1.1/roles/<id>`.
    func location(of objectId: String, className: String, request: RequestContext<AppRuntime>) -> String {
        let path = fixedClassName == nil ? "/1.1/classes/\(className)" : pattern
        return "\(request.baseURL)\(path)/\(objectId)"
    }
}
