import LCWire

/// The fields a resource's `where` fixes, read from the scope rendered for one request: what a
/// write must not let the body choose. Without it a caller could create an object in another's
/// scope (`owner: alice` from bob, where `{"owner": "{{caller.username}}"}`) or move one out of
/// his own with an update (security review F3).
///
/// - `equal`: fields the scope compares by equality (`"owner": "bob"`, a Pointer to the caller,
///   also inside a top-level `$and`): a create stores these values, whatever the body says.
/// - `constrained`: every field the scope names otherwise (`{"$in": […]}`, inside `$or`): a create
///   or an update never writes them from the body.
struct ScopeFields: Equatable {
    private(set) var equal: [String: JSON] = [:]
    private(set) var constrained: Set<String> = []

    /// `rendered`: the resource's `where` as `Template.condition` rendered it; nil: no scope.
    init(rendered: JSON?) {
        guard let object = rendered?.objectValue else { return }
        read(object)
    }

    /// Every field the scope names: an update drops the body's changes to them.
    var all: Set<String> { constrained.union(equal.keys) }

    private mutating func read(_ condition: JSONObject) {
        for (key, value) in condition {
            if key == "$and", let items = value.arrayValue {
                for item in items { if let object = item.objectValue { read(object) } else { constrainAll(item) } }
            } else if key.hasPrefix("$") {
                constrainAll(value)
            } else if let single = Self.equality(value), !constrained.contains(key),
                      !equal.keys.contains(key) || equal[key] == single {
                equal[key] = single
            } else {
                // Two equalities of one field, or an operator: no one value to store.
                equal[key] = nil
                constrained.insert(key)
            }
        }
    }

    /// The field names anywhere in a condition (`$or`'s items, `$not`'s).
    private mutating func constrainAll(_ json: JSON) {
        if let items = json.arrayValue { for item in items { constrainAll(item) } }
        guard let object = json.objectValue else { return }
        for (key, value) in object {
            if !key.hasPrefix("$") {
                equal[key] = nil
                constrained.insert(key)
            }
            constrainAll(value)
        }
    }

    /// A condition's single value: a scalar, or a value object without operators (a Pointer to
    /// the caller, a Date). (LeanCloud has no `$eq`.)
    private static func equality(_ value: JSON) -> JSON? {
        if value.arrayValue != nil { return .none }
        let isValue = value.objectValue?.keys.allSatisfy { !$0.hasPrefix("$") } ?? true
        // `.none`, not `nil`: JSON is nil-literal expressible, and `nil` here would be JSON's null.
        return isValue ? value : .none
    }

    /// A create's stored fields with the scope's: each equality field set to its value, each
    /// other field the scope names removed (`"a.b"` keys under one included).
    func creating(_ body: JSONObject) -> JSONObject {
        var body = removing(constrained, from: body)
        body = removing(Set(equal.keys), from: body)
        for (field, value) in equal { body[field] = value }
        return body
    }

    /// An update's stored fields without any change to a field the scope names.
    func updating(_ body: JSONObject) -> JSONObject {
        removing(all, from: body)
    }

    private func removing(_ fields: Set<String>, from body: JSONObject) -> JSONObject {
        guard !fields.isEmpty else { return body }
        var kept = body
        for key in body.keys {
            let root = String(key.prefix { $0 != "." })
            if fields.contains(root) { kept[key] = nil }
        }
        return kept
    }
}
