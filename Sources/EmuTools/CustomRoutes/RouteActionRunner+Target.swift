import EmuData
import LCWire

extension RouteActionRunner {
    /// What a step works on: a class, or a resource route's class in that resource's shape —
    /// its id field names the objects (`"id": "{{request.path.id}}"` finds the integer id 3),
    /// its wire names map to the store's in `fields`, `set`, `increment`, `unset`, `where`,
    /// `field` and `order`, their types and date formats convert the values, and a result is
    /// answered as the resource answers it. So a route and a resource of one class agree.
    /// Its reach is the resource's (`scope`): its `where` and its parent hold for every step.
    struct Target {
        let className: String
        /// Nil: the class as the store has it, objects by objectId.
        var resource: ResourceSpec? = nil

        init(className: String) { self.className = className }

        /// A resource route's target; nil for a stub.
        init?(route: CustomRoute) {
            guard case .resource(let spec) = route.kind else { return nil }
            className = spec.className
            resource = spec
        }

        var identity: ResourceIdentity { resource?.identity ?? .objectId }

        func storeName(_ name: String) -> String {
            guard let resource else { return name }
            if name == resource.identity.field { return resource.identity.store }
            return resource.fields?.storeName(name) ?? name
        }

        /// Values written under wire names, as stored: declared names mapped and converted by
        /// type (text to numbers, a date in the field's format; a value of another type is 111);
        /// names not declared are the store's own and pass as written.
        func stored(_ values: JSONObject) throws -> JSONObject {
            guard let resource else { return values }
            var stored = JSONObject()
            for (name, value) in values {
                if name == resource.identity.field, !resource.identity.isObjectId, value["__op"] == nil {
                    stored[resource.identity.store] = try resource.identity.stored(value)
                } else if let field = resource.fields?.field(named: name) {
                    stored[field.store] = try field.stored(value)
                } else {
                    stored[name] = value
                }
            }
            return stored
        }

        /// A `where` in wire names, in the store's: keys mapped, a declared field's single value
        /// converted when it converts (else left for the loose comparison), operators inside kept.
        func condition(_ query: JSONObject) -> JSONObject {
            guard let resource else { return query }
            var mapped = JSONObject()
            for (key, value) in query {
                if key.hasPrefix("$") {
                    // `$or`, `$and`: arrays of conditions in the same names.
                    mapped[key] = value.arrayValue.map { items in
                        .array(items.map { $0.objectValue.map { .object(condition($0)) } ?? $0 })
                    } ?? value
                    continue
                }
                let field = key == resource.identity.field ? nil : resource.fields?.field(named: key)
                if key == resource.identity.field, !resource.identity.isObjectId, let text = value.stringValue,
                   let id = resource.identity.value(text) {
                    mapped[storeName(key)] = id
                } else if let field, value.objectValue == nil, value.arrayValue == nil, let converted = try? field.stored(value) {
                    mapped[field.store] = converted
                } else {
                    mapped[storeName(key)] = value
                }
            }
            return mapped
        }

        /// LeanCloud's `order` with wire names mapped (`-created_at` → `-createdAt`).
        func order(_ order: String?) -> String? {
            guard let order, resource != nil else { return order }
            return order.split(separator: ",", omittingEmptySubsequences: false).map { key in
                key.hasPrefix("-") ? "-" + storeName(String(key.dropFirst())) : storeName(String(key))
            }.joined(separator: ",")
        }

        /// The resource's reach for this request, as the resource's own operations have it: its
        /// `where` rendered with the route's request and caller, its parent's value from the
        /// route's capture of the same name. Empty for a class. A route whose path lacks the
        /// parent's capture cannot name the parent: refused, never the whole class.
        func scope(_ context: TemplateContext) throws -> [JSON] {
            guard let resource else { return [] }
            var parts: [JSON] = []
            if let scope = resource.scope { parts.append(try Template.condition(scope, context)) }
            if let parent = resource.parent {
                // Text that names no parent (`abc` for an integer) reaches nothing.
                parts.append([parent.store: try parentValue(parent, context) ?? ["$in": []]])
            }
            return parts
        }

        /// The parent's value from the route's capture of its name; nil when the text names none.
        private func parentValue(_ parent: ResourceParent, _ context: TemplateContext) throws -> JSON? {
            guard context.captures[parent.capture] != nil else {
                throw APIError(.invalidParameter("the action's resource is nested under :\(parent.capture), which this route's path does not capture"))
            }
            return parent.value(context.captures)
        }

        /// Values a step writes, held to the resource's reach as its own writes are: on a create the
        /// `where`'s equality fields and the parent are the scope's, on an update neither changes.
        func scoped(_ values: JSONObject, creating: Bool, _ context: TemplateContext) throws -> JSONObject {
            guard let resource else { return values }
            let fields = ScopeFields(rendered: try resource.scope.map { try Template.condition($0, context) })
            var values = creating ? fields.creating(values) : fields.updating(values)
            if let parent = resource.parent {
                values[parent.store] = nil
                if creating {
                    guard let value = try parentValue(parent, context) else {
                        throw APIError(.objectNotFound.with(message: "\(parent.field) \(context.captures[parent.capture] ?? "") not found"))
                    }
                    values[parent.store] = value
                }
            }
            return values
        }

        /// An object as a step's result shows it: the resource's answer shape, or as stored.
        func shown(_ object: JSONObject) -> JSON {
            .object(resource?.fields?.answer(object) ?? object)
        }
    }
}
