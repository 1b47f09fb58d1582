import LCWire

/// Class-level permissions (spec §6.3), configured per app in `options.classPermissions`:
///
/// ```json
/// {"Post": {"create": "login", "delete": ["role:Moderators"], "add_fields": []},
///  "_User": {"find": "*"}}
/// ```
///
/// Each operation is `"*"` (every client), `"login"` (a valid session) or a list of user ids and
/// `role:<name>` (empty = nobody but master). An operation not configured is open, except
/// `_User` `find`, closed by default as on LeanCloud.
public struct ClassPermissions: Sendable, Equatable {
    /// An operation class permissions govern.
    public enum Operation: String, CaseIterable, Sendable {
        case create, find, get, update, delete
        case addFields = "add_fields"
    }

    /// Who may perform one operation.
    public enum Rule: Sendable, Equatable {
        /// `"*"`: every client.
        case everyone
        /// `"login"`: any request with a valid session.
        case loggedIn
        /// User ids and `role:<name>` principals; empty = nobody but master.
        case principals([String])
    }

    /// The configured rules, by class then operation.
    public var rules: [String: [Operation: Rule]]

    public init(rules: [String: [Operation: Rule]] = [:]) {
        self.rules = rules
    }

    /// The rule that applies to `operation` on `className`.
    public func rule(_ operation: Operation, on className: String) -> Rule {
        if let rule = rules[className]?[operation] { return rule }
        // spec §5.1, §6.3: the `_User` find permission is closed by default.
        if className == LCClassName.user && operation == .find { return .principals([]) }
        return .everyone
    }
}
