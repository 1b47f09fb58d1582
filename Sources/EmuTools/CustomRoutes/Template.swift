import EmuData
import EmuRouting
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire

/// `{{…}}` placeholders in a route's response: in JSON string values, object keys, header values
/// and text bodies. A placeholder that is a whole string value (`"data": "{{result}}"`) inserts
/// JSON (an object, a number); inside longer text, and in a key, it inserts text. Names are
/// checked when the route loads: a placeholder that names nothing is a definition error, never an
/// empty string at run time.
enum Template {
    /// The names every route may use; `request.path.<capture>`, `.query.<name>`, `.body.<name>`
    /// and `.headers.<name>` take a name after them.
    static let plainNames = ["request.method", "request.path", "request.body", "counter", "now", "now.ms", "randomId", "uuid"]
    static let prefixes = ["request.path.", "request.query.", "request.body.", "request.headers."]
    /// What a resource's envelopes may add.
    static let resourceNames = [
        "result", "error", "code", "count", "page", "pageSize", "limit", "offset", "totalPage",
    ]
    /// What a route with `auth` may use: the caller's user (`caller.<field>`, `a.b` nested).
    static let callerName = "caller"
    /// What a route's `actions` add: `actions.<name>` (and `.<field>` into its result).
    static let actionsPrefix = "actions."

    /// The placeholders of a text, in order, without the braces.
    static func placeholders(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{"), let close = rest[open.upperBound...].firstRange(of: "}}") {
            found.append(rest[open.upperBound..<close.lowerBound].trimmingWhitespace())
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// Throws for a placeholder that names nothing, anywhere in `json`, keys included.
    /// - Parameters:
    ///   - extra: further names (a resource's `result`, …).
    ///   - hasCaller: the route has `auth`, so `caller` and `caller.<field>` name something.
    ///   - actions: the route's actions that may be named (`actions.<name>`), in order.
    static func validate(_ json: JSON, captures: [String], extra: [String] = [], hasCaller: Bool = false,
                         actions: [String] = []) throws {
        let scope = Scope(captures: captures, extra: extra, hasCaller: hasCaller, actions: actions)
        try validate(json, scope)
    }

    /// What the placeholders of one part of a route may name.
    struct Scope {
        var captures: [String]
        var extra: [String] = []
        var hasCaller = false
        var actions: [String] = []
    }

    static func validate(_ json: JSON, _ scope: Scope) throws {
        switch json {
        case .string(let text):
            for name in placeholders(in: text) { try validate(name: name, scope) }
        case .array(let items):
            for (index, item) in items.enumerated() {
                do { try validate(item, scope) } catch let error as RouteDefinitionError { throw error.at("\(index)") }
            }
        case .object(let object):
            for (key, value) in object {
                do {
                    for name in placeholders(in: key) { try validate(name: name, scope) }
                    try validate(value, scope)
                } catch let error as RouteDefinitionError { throw error.at(key) }
            }
        default: return
        }
    }

    static func validate(name: String, captures: [String], extra: [String]) throws {
        try validate(name: name, Scope(captures: captures, extra: extra))
    }

    static func validate(name: String, _ scope: Scope) throws {
        let (captures, extra) = (scope.captures, scope.extra)
        if plainNames.contains(name) || extra.contains(name) { return }
        // `{{result.pin_id}}`: a field of an extra value, as `caller.<field>`.
        if let dot = name.firstIndex(of: "."), extra.contains(String(name[..<dot])), name.index(after: dot) < name.endIndex { return }
        if name == callerName || name.hasPrefix(callerName + ".") {
            guard scope.hasCaller else { throw RouteDefinitionError(field: "", "{{\(name)}} needs \"auth\" (the route knows no caller)") }
            guard name.count > callerName.count + 1 || name == callerName else { throw RouteDefinitionError(field: "", "{{\(name)}} names no field") }
            return
        }
        if let rest = name.dropPrefix(actionsPrefix) {
            let action = String(rest.prefix { $0 != "." })
            guard scope.actions.contains(action) else {
                let known = scope.actions.isEmpty ? "no earlier action" : "earlier actions: \(scope.actions.joined(separator: ", "))"
                throw RouteDefinitionError(field: "", "{{\(name)}} names no action defined before it (\(known))")
            }
            return
        }
        if name.hasPrefix("request.path.") {
            let capture = String(name.dropFirst("request.path.".count))
            guard captures.contains(capture) else {
                let known = captures.isEmpty ? "the path captures nothing" : "captures: \(captures.joined(separator: ", "))"
                throw RouteDefinitionError(field: "", "{{\(name)}} names no path capture (\(known))")
            }
            return
        }
        if let prefix = prefixes.first(where: { name.hasPrefix($0) }), name.count > prefix.count { return }
        var names = plainNames + extra + prefixes.map { $0 + "<name>" } + ["request.path.<capture>"]
        if scope.hasCaller { names += ["caller", "caller.<field>"] }
        if !scope.actions.isEmpty { names.append("actions.<name>") }
        let known = names.joined(separator: ", ")
        throw RouteDefinitionError(field: "", "{{\(name)}} names nothing (known: \(known))")
    }

    /// `json` with its placeholders filled in from `context`. A templated key that renders empty,
    /// or to a key already present, keeps its text as written (`rendering` refuses it instead).
    static func render(_ json: JSON, _ context: TemplateContext) -> JSON {
        (try? rendering(json, context, strictKeys: false)) ?? json
    }

    /// A key rendered from a template to nothing or to a key its object already has: the route's
    /// author's bug, answered 500 naming the route (`KeyError.response`).
    struct KeyError: Error {
        let key: String
        let rendered: String

        func response(route: String) -> APIResponse {
            let what = rendered.isEmpty ? "rendered to ''" : "rendered to '\(rendered)', a key already present"
            return APIResponse(status: 500, json: [LCWireKey.code: 1, LCWireKey.error: .string("route '\(route)': the key '\(key)' \(what)")])
        }
    }

    /// `json` with its placeholders filled in from `context`; with `strictKeys`, a templated key
    /// that renders empty or to a duplicate throws `KeyError`.
    static func rendering(_ json: JSON, _ context: TemplateContext, strictKeys: Bool = true) throws(KeyError) -> JSON {
        switch json {
        case .string(let text): return render(string: text, context)
        case .array(let items):
            var rendered: [JSON] = []
            rendered.reserveCapacity(items.count)
            for item in items { rendered.append(try rendering(item, context, strictKeys: strictKeys)) }
            return .array(rendered)
        case .object(let object):
            var rendered = JSONObject()
            for (key, value) in object {
                var name = key
                if key.contains("{{") {
                    name = renderText(key, context)
                    // Already rendered, or a literal key of this object rendered after it.
                    if name.isEmpty || rendered[name] != nil || (name != key && object[name] != nil) {
                        guard !strictKeys else { throw KeyError(key: key, rendered: name) }
                        name = key
                    }
                }
                rendered[name] = try rendering(value, context, strictKeys: strictKeys)
            }
            return .object(rendered)
        default: return json
        }
    }

    /// A `where` condition rendered for one request (a resource's `where`, an action's `where`).
    /// A placeholder fills in a value, never a query: what a request supplies as an object or an
    /// array (`{"$ne": null}` in a JSON body) is refused, or it could widen the condition's reach.
    static func condition(_ condition: JSON, _ context: TemplateContext) throws -> JSON {
        switch condition {
        case .string(let text):
            let value = render(string: text, context)
            guard placeholders(in: text).isEmpty || (value.objectValue == nil && value.arrayValue == nil) else {
                throw InvalidInput("where takes single values from the request, not objects or arrays")
            }
            return value
        case .array(let items):
            return .array(try items.map { try Self.condition($0, context) })
        case .object(let object):
            var result = JSONObject()
            for (key, value) in object { result[key] = try Self.condition(value, context) }
            return .object(result)
        default:
            return condition
        }
    }

    /// An action's written value (`create.fields`, `update.set`, `increment`) rendered for one
    /// request. What the request supplies is data, never a write's shape: a whole-value
    /// placeholder from `request.*` gives a single value (an object or an array could carry
    /// `{"__op":"Delete"}`, a `_User` pointer or an ACL, written with the master key's reach), and
    /// a templated key must render to a field a client could set (not `ACL`, a server-managed
    /// field or a `_` name). Values of `caller` and `actions.*` come from the store: whole values.
    static func written(_ template: JSON, _ context: TemplateContext) throws -> JSON {
        switch template {
        case .string(let text):
            let value = render(string: text, context)
            if value.objectValue != nil || value.arrayValue != nil,
               let name = placeholders(in: text).first, name.hasPrefix("request.") {
                throw InvalidInput("{{\(name)}} gives an action a single value, not an object or an array")
            }
            return value
        case .array(let items):
            return .array(try items.map { try written($0, context) })
        case .object(let object):
            var result = JSONObject()
            for (key, value) in object {
                var name = key
                if key.contains("{{") {
                    name = renderText(key, context)
                    guard isWritableKey(name), result[name] == nil, object[name] == nil else {
                        throw InvalidInput("the key '\(key)' rendered to '\(name)', not a field an action may write")
                    }
                }
                result[name] = try written(value, context)
            }
            return .object(result)
        default:
            return template
        }
    }

    /// A field name a templated key may render to: one a client could set by name.
    static func isWritableKey(_ name: String) -> Bool {
        LCNames.isValidFieldName(name) && !name.hasPrefix("_") && name != LCFieldName.acl
            && !LCFieldName.serverManaged.contains(name)
    }

    /// A string value: a lone placeholder becomes its JSON value, anything else text.
    static func render(string text: String, _ context: TemplateContext) -> JSON {
        let trimmed = text.trimmingWhitespace()
        if trimmed.hasPrefix("{{"), trimmed.hasSuffix("}}"), placeholders(in: trimmed).count == 1,
           trimmed.dropFirst(2).firstRange(of: "{{") == nil {
            return context.value(placeholders(in: trimmed)[0]) ?? .null
        }
        return .string(renderText(text, context))
    }

    /// Text with every placeholder replaced by its value as text (a missing value as nothing).
    static func renderText(_ text: String, _ context: TemplateContext) -> String {
        var output = ""
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{"), let close = rest[open.upperBound...].firstRange(of: "}}") {
            output += rest[..<open.lowerBound]
            let name = rest[open.upperBound..<close.lowerBound].trimmingWhitespace()
            output += context.value(name).map(FieldMatcher.text) ?? ""
            rest = rest[close.upperBound...]
        }
        return output + rest
    }
}

// MARK: - TemplateContext

/// What placeholders read while one response is rendered.
package struct TemplateContext: Sendable {
    let request: IncomingRequest
    let captures: [String: String]
    /// How many times this route has answered, this answer included (from 1; reset restarts it).
    let counter: Int
    /// The emulator's clock, which tests move.
    let now: LCDate
    /// A resource's `result`, `error`, `code` and `count`.
    var extra: [String: JSON] = [:]
    /// The logged-in user of a route with `auth` (`RouteAuth`), as `{{caller}}` renders it; nil
    /// when the route has none or `optional` found no credentials.
    package var caller: JSONObject?
    /// The results of the route's actions that ran, by name (`RouteActionRunner`).
    var actions = JSONObject()

    package init(request: IncomingRequest, captures: [String: String], counter: Int, now: LCDate, extra: [String: JSON] = [:]) {
        self.request = request
        self.captures = captures
        self.counter = counter
        self.now = now
        self.extra = extra
    }

    func value(_ name: String) -> JSON? {
        if let value = extra[name] { return value }
        if let dot = name.firstIndex(of: "."), let root = extra[String(name[..<dot])] {
            return Self.reach(root, String(name[name.index(after: dot)...]))
        }
        if name == Template.callerName { return caller.map { .object($0) } }
        if let path = name.dropPrefix(Template.callerName + ".") { return Self.reach(caller.map { .object($0) }, path) }
        if let path = name.dropPrefix(Template.actionsPrefix) { return Self.reach(.object(actions), path) }
        switch name {
        case "request.method": return .string(request.method)
        case "request.path": return .string(request.path)
        case "request.body": return request.body.map { .object($0) }
        case "counter": return JSON(counter)
        case "now": return .string(now.iso)
        case "now.ms": return JSON(Double(now.millisecondsSince1970))
        case "randomId": return .string(ObjectIdGenerator.shared.next())
        case "uuid": return .string(UUID().uuidString)
        default: break
        }
        if let capture = name.dropPrefix("request.path.") { return captures[capture].map { .string($0) } }
        if let query = name.dropPrefix("request.query.") { return request.query(query) }
        if let field = name.dropPrefix("request.body.") { return request.bodyField(field) }
        if let header = name.dropPrefix("request.headers.") { return request.header(header) }
        return nil
    }
}

extension TemplateContext {
    /// The value at `path` (`a.b`) inside `root`; nil when a step is missing.
    static func reach(_ root: JSON?, _ path: String) -> JSON? {
        var value = root
        for key in path.split(separator: ".", omittingEmptySubsequences: false) { value = value?[String(key)] }
        return value
    }
}

extension String {
    /// The rest after `prefix`, or nil when the string does not start with it.
    fileprivate func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
