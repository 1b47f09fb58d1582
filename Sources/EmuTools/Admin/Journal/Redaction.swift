import EmuData
import EmuHTTP
import EmuRouting
import Foundation
import LCWire

/// What the journal hides before it shows a request or a response: the value of every name
/// SecretNames calls secret, in headers, query parameters, form fields and JSON at any depth,
/// and the secrets SecretText finds inside text (path tokens, URLs in bodies and headers).
/// Applied when the journal is read, so recording stays cheap.
enum Redaction {
    static let mask = "…redacted…"

    /// The rule as custom routes ask it (a near miss hides a secret matcher's value): one rule,
    /// whether the name is a header's or a field's.
    static func isSecretHeader(_ name: String) -> Bool { SecretNames.isSecret(name) }
    static func isSecretField(_ name: String) -> Bool { SecretNames.isSecret(name) }

    static func headers(_ headers: HTTPHeaders) -> JSON {
        var object = JSONObject()
        for (name, value) in headers {
            let shown = SecretNames.isSecret(name) ? mask : SecretText.masked(value)
            // A repeated header (Set-Cookie) shows its values joined, as one field would.
            object[name] = .string(object[name]?.stringValue.map { $0 + ", " + shown } ?? shown)
        }
        return .object(object)
    }

    /// A path: the secret segment of the routes that take one replaced.
    static func path(_ path: String) -> String { SecretText.masked(path) }

    /// The query percent-encoded as sent, with the mask itself left readable (not `%E2%80%A6…`).
    static func query(_ pairs: [(name: String, value: String)], secretFields: (String) -> Bool = SecretNames.isSecret) -> String {
        pairs.map { pair in
            if secretFields(pair.name) { return "\(QueryString.escape(pair.name))=\(mask)" }
            return QueryString.encode([(pair.name, value(pair.value))])
        }.joined(separator: "&")
    }

    /// A query or form value: JSON in it (`where={…}`) masked as a body, text as text.
    private static func value(_ text: String) -> String {
        guard text.first == "{" || text.first == "[", let json = try? JSONParser.parse(Array(text.utf8)) else {
            return SecretText.masked(text)
        }
        return masked(json).jsonString
    }

    /// A body as text: JSON and form bodies with their secret fields masked, other text with the
    /// secrets SecretText finds masked, binary as its size. `path` is the request's, for the
    /// fields secret on one route only; nil for responses.
    static func body(_ bytes: [UInt8], contentType: String?, path: String? = nil) -> JSON {
        if bytes.isEmpty { return .null }
        let isSecret = { (name: String) in SecretNames.isSecret(name, inBodyOf: path) }
        if let json = try? JSONParser.parse(bytes) {
            let isBatch = path.map { batchPaths.contains(SecretNames.routePath($0)) } ?? false
            return .string((isBatch ? masked(batch: json) : masked(json, isSecret: isSecret)).jsonString)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .string("<\(bytes.count) bytes>") }
        if contentType?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            return .string(query(QueryString.decode(text[...]), secretFields: isSecret))
        }
        // Form handlers read the body whatever its type: `code=…` sent as text is a field too.
        return .string(SecretText.masked(text, isSecret: isSecret))
    }

    static let batchPaths: Set<String> = ["/1.1/batch", "/1.1/batch/save"]

    /// A batch: each sub-request masked by its own route's rule, so the fields secret on one
    /// route only (`{"path":"changePhoneNumber","body":{"code":…}}`) are masked inside a batch
    /// too. The sub-request's path is read as batch reads it (SubRequestTarget: relative to /1.1)
    /// and as written.
    private static func masked(batch json: JSON) -> JSON {
        guard case .object(var object) = json, case .array(let requests)? = object["requests"] else { return masked(json) }
        object["requests"] = nil
        var result = masked(.object(object)).objectValue ?? JSONObject()
        result["requests"] = .array(requests.map { operation in
            guard let path = operation["path"]?.stringValue else { return masked(operation) }
            let route = SubRequest(method: "", path: path).path
            // Also by the path as written: `//1.1/changePhoneNumber` answers 404 in a batch, but
            // its code is the client's secret all the same.
            return masked(operation) { SecretNames.isSecret($0, inBodyOf: route) || SecretNames.isSecret($0, inBodyOf: path) }
        })
        return .object(result)
    }

    static func masked(_ json: JSON, isSecret: (String) -> Bool = SecretNames.isSecret) -> JSON {
        switch json {
        case .array(let items): return .array(items.map { masked($0, isSecret: isSecret) })
        case .object(let object):
            var result = JSONObject()
            for (key, value) in object {
                result[key] = isSecret(key) && !value.isNull ? .string(mask) : masked(value, isSecret: isSecret)
            }
            return .object(result)
        case .string(let text): return .string(SecretText.masked(text))
        default: return json
        }
    }
}
