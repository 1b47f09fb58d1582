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

// MARK: - Parsing the option

extension ClassPermissions {
    /// Reads `{"<Class>":{"<operation>":"*"|"login"|[principals]}}`; anything else is a
    /// configuration error naming the class and operation.
    init(json: JSON) throws {
        self.init()
        for (className, value) in try ConfigValue.object(json) {
            guard LCNames.isValidClassName(className) else {
                throw ConfigurationError("'\(className)' is not a valid class name")
            }
            do {
                rules[className] = try Self.operations(value)
            } catch let error as ConfigurationError {
                throw error.at(className)
            }
        }
    }

    private static func operations(_ json: JSON) throws -> [Operation: Rule] {
        var byOperation: [Operation: Rule] = [:]
        for (key, ruleJSON) in try ConfigValue.object(json) {
            guard let operation = Operation(rawValue: key) else {
                let known = Operation.allCases.map(\.rawValue).joined(separator: ", ")
                throw ConfigurationError("unknown operation '\(key)' (known: \(known))")
            }
            do {
                byOperation[operation] = try rule(ruleJSON)
            } catch let error as ConfigurationError {
                throw error.at(key)
            }
        }
        return byOperation
    }

    private static func rule(_ json: JSON) throws -> Rule {
        switch json {
        case .string("*"): return .everyone
        case .string("login"): return .loggedIn
        case .array(let items):
            return .principals(try items.map { item in
                guard let principal = item.stringValue, principal != AccessList.everyone,
                      ACLValidator.isPrincipal(principal) else {
                    throw ConfigurationError("expected user ids or \"role:<name>\", got \(item.jsonString)")
                }
                return principal
            })
        default:
            throw ConfigurationError("expected \"*\", \"login\" or a list of user ids and \"role:<name>\", got \(json.jsonString)")
        }
    }
}
