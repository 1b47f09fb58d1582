import EmuData
import EmuHTTP
import EmuRouting
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LCWire

/// What a route answers: a status, headers, and one of a JSON body, a text body or a file, after
/// an optional delay. Every string may hold `{{…}}` placeholders (`Template`).
package struct ResponseSpec: Sendable {
    static let keys = ["status", "json", "body", "bodyFile", "headers", "contentType", "delayMs"]

    var status = 200
    var json: JSON?
    var text: String?
    /// Read from the routes folder, never outside it.
    var bodyFile: BodyFile?
    var headers: [(name: String, value: String)] = []
    var contentType: String?
    package var delayMilliseconds = 0

    /// The keys of an answer a route gives besides its `response` (`auth.unauthorized`,
    /// `notFound`, `error`): answered at once, from no file.
    static let answerKeys = ["status", "json", "body", "headers", "contentType"]

    /// - Parameter routesFolder: where a `bodyFile` is read from.
    init(json object: JSONObject, captures: [String], routesFolder: RoutesFolder) throws {
        try self.init(json: object, scope: Template.Scope(captures: captures), routesFolder: routesFolder)
    }

    /// - Parameters:
    ///   - scope: what its placeholders may name.
    ///   - keys: the keys it may have (`keys`, or `answerKeys` for an answer besides `response`).
    ///   - defaultStatus: when it gives none.
    init(json object: JSONObject, scope: Template.Scope, routesFolder: RoutesFolder, keys: [String] = ResponseSpec.keys,
         defaultStatus: Int = 200) throws {
        try RouteJSON.rejectUnknownKeys(object, known: keys)
        status = try RouteJSON.int(object, "status", in: 100...599) ?? defaultStatus
        delayMilliseconds = try RouteJSON.int(object, "delayMs", in: 0...CustomRouteLimits.maxDelayMilliseconds) ?? 0
        json = object["json"]
        text = try RouteJSON.string(object, "body")
        contentType = try RouteJSON.string(object, "contentType")
        if let file = try RouteJSON.string(object, "bodyFile") {
            do { bodyFile = try BodyFile(file, in: routesFolder) } catch {
                throw RouteDefinitionError(field: "bodyFile", routesFolder.path.map { "\(error.reason) (routes folder: \($0))" } ?? error.reason)
            }
        }
        guard [json != nil, text != nil, bodyFile != nil].filter({ $0 }).count <= 1 else {
            throw RouteDefinitionError(field: "", "give at most one of json, body and bodyFile")
        }
        if let value = object["headers"] {
            guard let fields = value.objectValue else { throw RouteDefinitionError(field: "headers", "expected an object of name → string") }
            for (name, value) in fields {
                guard let text = value.stringValue, HTTPHeaderText.isValid(name: name, value: text) else {
                    throw RouteDefinitionError(field: "headers.\(name)", "expected a header name and a string value without line breaks")
                }
                headers.append((name, text))
            }
        }
        if let json { try RouteJSON.at("json") { try Template.validate(json, scope) } }
        if let text { try RouteJSON.at("body") { try Template.validate(.string(text), scope) } }
        for (name, value) in headers {
            try RouteJSON.at("headers.\(name)") { try Template.validate(.string(value), scope) }
        }
    }

}

// MARK: - HTTPHeaderText

/// Header names are tokens and values carry no line breaks: a route must not be able to split
/// the response it writes. Names by EmuHTTP's own rule, so that a name defined here is one
/// EmuHTTP writes (it leaves a field with any other name out of the head).
enum HTTPHeaderText {
    static func isValid(name: String, value: String) -> Bool {
        HTTPHeaders.isFieldName(name) && !value.utf8.contains { $0 == 0x0A || $0 == 0x0D || $0 == 0 }
    }
}

// MARK: - StubResponder

/// Renders a stub route's response: status, templated headers, and a templated JSON or text body,
/// or a file's bytes as they are.
package enum StubResponder {
    package static func response(_ spec: ResponseSpec, route: CustomRoute, context: TemplateContext) -> APIResponse {
        response(spec, routeId: route.id, context: context)
    }

    static func response(_ spec: ResponseSpec, routeId: String, context: TemplateContext) -> APIResponse {
        var response: APIResponse
        if let json = spec.json {
            do {
                response = APIResponse(status: spec.status, json: try Template.rendering(json, context))
            } catch {
                var failure = error.response(route: routeId)
                RouteContentIsolation.apply(to: &failure.headers)
                return failure
            }
        } else if let text = spec.text {
            response = APIResponse(status: spec.status, contentType: "text/plain;charset=utf-8",
                                   body: Array(Template.renderText(text, context).utf8))
        } else if let file = spec.bodyFile {
            // Checked again at every read: the file, or a symlink on its way, may have changed.
            do {
                response = APIResponse(status: spec.status, contentType: contentType(of: file.path), body: try file.read())
            } catch {
                let message = "route '\(routeId)': bodyFile cannot be served: \(error.reason)"
                var failure = APIResponse(status: 500, json: [LCWireKey.code: 1, LCWireKey.error: .string(message)])
                RouteContentIsolation.apply(to: &failure.headers)
                return failure
            }
        } else {
            response = APIResponse(status: spec.status, contentType: "text/plain;charset=utf-8", body: [])
        }
        if let contentType = spec.contentType { response.headers.set("Content-Type", contentType) }
        for (name, value) in spec.headers { response.headers.set(name, sanitized(Template.renderText(value, context))) }
        RouteContentIsolation.apply(to: &response.headers)
        return response
    }

    /// A header value with the line breaks a request's text might bring removed.
    private static func sanitized(_ value: String) -> String {
        String(value.unicodeScalars.filter { $0 != "\r" && $0 != "\n" && $0 != "\0" })
    }

    static func contentType(of file: String) -> String {
        switch PathText.pathExtension(of: file).lowercased() {
        case "json": return "application/json;charset=utf-8"
        case "txt": return "text/plain;charset=utf-8"
        case "html", "htm": return "text/html;charset=utf-8"
        case "xml": return "application/xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        default: return "application/octet-stream"
        }
    }
}

// MARK: - RouteContentIsolation

/// A custom route's page never runs on the emulator's origin. Its body is the route author's, but
/// a template may put the caller's values in it, and it is served from the origin of the
/// dashboard, whose page holds the master key and which alone may call `/__admin`: a `text/html`
/// route echoing `?name=<script>…` would be reflected XSS past the admin guard. So every answer is
/// `nosniff` (a JSON or text body echoing the caller is never guessed to be HTML), and one of any
/// type a browser would not show passively (`FileServingHeaders.isInline`) is also sandboxed by
/// a CSP of its own, added beside any the route sets (browsers enforce every policy): scripts,
/// forms and pop-ups still work, so a mock web page behaves, but the page has an opaque origin:
/// no storage of this origin, and its requests to `/__admin` carry `Origin: null`, which the
/// admin guard refuses.
enum RouteContentIsolation {
    static let contentSecurityPolicy = "sandbox allow-scripts allow-forms allow-popups allow-modals allow-downloads"

    static func apply(to headers: inout HTTPHeaders) {
        headers.set("X-Content-Type-Options", "nosniff")
        guard !FileServingHeaders.isInline(headers["Content-Type"] ?? "") else { return }
        headers.add("Content-Security-Policy", contentSecurityPolicy)
    }
}
