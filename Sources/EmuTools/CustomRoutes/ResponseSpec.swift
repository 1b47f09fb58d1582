import EmuData
import EmuRouting
import Foundation
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

    /// - Parameter routesFolder: where a `bodyFile` is read from.
    init(json object: JSONObject, captures: [String], routesFolder: RoutesFolder) throws {
        try RouteJSON.rejectUnknownKeys(object, known: Self.keys)
        status = try RouteJSON.int(object, "status", in: 100...599) ?? 200
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
        if let json { try RouteJSON.at("json") { try Template.validate(json, captures: captures) } }
        if let text { try RouteJSON.at("body") { try Template.validate(.string(text), captures: captures) } }
        for (name, value) in headers {
            try RouteJSON.at("headers.\(name)") { try Template.validate(.string(value), captures: captures) }
        }
    }

}
