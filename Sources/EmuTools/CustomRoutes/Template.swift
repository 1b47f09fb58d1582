import EmuData
import EmuRouting
import Foundation
import LCWire

/// `{{…}}` placeholders in a route's response: in JSON string values, header values and text
/// bodies. A placeholder that is a whole string value (`"data": "{{result}}"`) inserts JSON (an
/// object, a number); inside longer text it inserts text. Names are checked when the route loads:
/// a placeholder that names nothing is a definition error, never an empty string at run time.
enum Template {
    /// The names every route may use; `request.path.<capture>`, `.query.<name>`, `.body.<name>`
    /// and `.headers.<name>` take a name after them.
    static let plainNames = ["request.method", "request.path", "request.body", "counter", "now", "now.ms", "randomId", "uuid"]
    static let prefixes = ["request.path.", "request.query.", "request.body.", "request.headers."]
    /// What a resource's envelopes may add.
    static let resourceNames = ["result", "error", "code", "count", "page", "pageSize", "limit", "offset", "totalPage"]

    /// The placeholders of a text, in order, without the braces.
    static func placeholders(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            found.append(rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces))
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// Throws for a placeholder that names nothing, anywhere in `json`.
    static func validate(_ json: JSON, captures: [String], extra: [String] = []) throws {
        switch json {
        case .string(let text):
            for name in placeholders(in: text) { try validate(name: name, captures: captures, extra: extra) }
        case .array(let items):
            for (index, item) in items.enumerated() {
                do { try validate(item, captures: captures, extra: extra) } catch let error as RouteDefinitionError { throw error.at("\(index)") }
            }
        case .object(let object):
            for (key, value) in object {
                do { try validate(value, captures: captures, extra: extra) } catch let error as RouteDefinitionError { throw error.at(key) }
            }
        default: return
        }
    }

    static func validate(name: String, captures: [String], extra: [String]) throws {
        if plainNames.contains(name) || extra.contains(name) { return }
        if name.hasPrefix("request.path.") {
            let capture = String(name.dropFirst("request.path.".count))
            guard captures.contains(capture) else {
                let known = captures.isEmpty ? "the path captures nothing" : "captures: \(captures.joined(separator: ", "))"
                throw RouteDefinitionError(field: "", "{{\(name)}} names no path capture (\(known))")
            }
            return
        }
        if let prefix = prefixes.first(where: { name.hasPrefix($0) }), name.count > prefix.count { return }
        let known = (plainNames + extra + prefixes.map { $0 + "<name>" } + ["request.path.<capture>"]).joined(separator: ", ")
        throw RouteDefinitionError(field: "", "{{\(name)}} names nothing (known: \(known))")
    }

    /// `json` with its placeholders filled in from `context`.
    static func render(_ json: JSON, _ context: TemplateContext) -> JSON {
        switch json {
        case .string(let text): return render(string: text, context)
        case .array(let items): return .array(items.map { render($0, context) })
        case .object(let object):
            var rendered = JSONObject()
            for (key, value) in object { rendered[key] = render(value, context) }
            return .object(rendered)
        default: return json
        }
    }

    /// A string value: a lone placeholder becomes its JSON value, anything else text.
    static func render(string text: String, _ context: TemplateContext) -> JSON {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("{{"), trimmed.hasSuffix("}}"), placeholders(in: trimmed).count == 1,
           trimmed.dropFirst(2).range(of: "{{") == nil {
            return context.value(placeholders(in: trimmed)[0]) ?? .null
        }
        return .string(renderText(text, context))
    }

    /// Text with every placeholder replaced by its value as text (a missing value as nothing).
    static func renderText(_ text: String, _ context: TemplateContext) -> String {
        var output = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            output += rest[..<open.lowerBound]
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
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

    package init(request: IncomingRequest, captures: [String: String], counter: Int, now: LCDate, extra: [String: JSON] = [:]) {
        self.request = request
        self.captures = captures
        self.counter = counter
        self.now = now
        self.extra = extra
    }

    func value(_ name: String) -> JSON? {
        if let value = extra[name] { return value }
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

extension String {
    /// The rest after `prefix`, or nil when the string does not start with it.
    fileprivate func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
