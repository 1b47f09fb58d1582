import Foundation
import LCWire

/// What a route answers: a status, headers, and one of a JSON body, a text body or a file, after
/// an optional delay. Every string may hold `{{…}}` placeholders (`Template`).
struct ResponseSpec: Sendable {
    static let keys = ["status", "json", "body", "bodyFile", "headers", "contentType", "delayMs"]

    var status = 200
    var json: JSON?
    var text: String?
    /// Absolute: a relative `bodyFile` is resolved against its route file's folder when loaded.
    var bodyFile: String?
    var headers: [(name: String, value: String)] = []
    var contentType: String?
    var delayMilliseconds = 0

    init(json object: JSONObject, captures: [String], baseDirectory: String?) throws {
        try RouteJSON.rejectUnknownKeys(object, known: Self.keys)
        status = try RouteJSON.int(object, "status", in: 100...599) ?? 200
        delayMilliseconds = try RouteJSON.int(object, "delayMs", in: 0...CustomRouteLimits.maxDelayMilliseconds) ?? 0
        json = object["json"]
        text = try RouteJSON.string(object, "body")
        contentType = try RouteJSON.string(object, "contentType")
        if let file = try RouteJSON.string(object, "bodyFile") {
            bodyFile = try Self.resolve(file, against: baseDirectory)
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

    /// A relative file is read from the route file's folder (or the working directory for
    /// routes added over HTTP); it must exist and fit the body limit when the route loads.
    private static func resolve(_ file: String, against base: String?) throws -> String {
        let path = file.hasPrefix("/") || base == nil ? file : (base! as NSString).appendingPathComponent(file)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular else {
            throw RouteDefinitionError(field: "bodyFile", "no file at \(path)")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= CustomRouteLimits.maxBodyBytes else {
            throw RouteDefinitionError(field: "bodyFile", "\(path) is \(size) bytes, over the \(CustomRouteLimits.maxBodyBytes)-byte limit")
        }
        return path
    }
}
