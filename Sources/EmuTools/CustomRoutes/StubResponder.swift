import EmuData
import EmuHTTP
import EmuRouting
import Foundation
import LCWire

/// Renders a stub route's response: status, templated headers, and a templated JSON or text body,
/// or a file's bytes as they are.
package enum StubResponder {
    package static func response(_ spec: ResponseSpec, route: CustomRoute, context: TemplateContext) -> APIResponse {
        var response: APIResponse
        if let json = spec.json {
            response = APIResponse(status: spec.status, json: Template.render(json, context))
        } else if let text = spec.text {
            response = APIResponse(status: spec.status, contentType: "text/plain;charset=utf-8",
                                   body: Array(Template.renderText(text, context).utf8))
        } else if let file = spec.bodyFile {
            // Checked again at every read: the file, or a symlink on its way, may have changed.
            do {
                response = APIResponse(status: spec.status, contentType: contentType(of: file.path), body: try file.read())
            } catch {
                let message = "route '\(route.id)': bodyFile cannot be served: \(error.reason)"
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
        switch (file as NSString).pathExtension.lowercased() {
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
