import EmuData
import EmuRouting
import Foundation
import LCWire

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
