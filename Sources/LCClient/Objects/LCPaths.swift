/// REST paths of classes and objects (spec §2.1): the built-in classes use their aliases.
enum LCPaths {
    static func classPath(_ className: String) -> String {
        switch className {
        case "_User": return "/1.1/users"
        case "_Role": return "/1.1/roles"
        case "_Installation": return "/1.1/installations"
        default: return "/1.1/classes/" + className
        }
    }

    static func objectPath(_ className: String, _ objectId: String) -> String {
        classPath(className) + "/" + objectId
    }
}
