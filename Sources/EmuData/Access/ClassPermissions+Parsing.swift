import LCWire

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
