import EmuHTTP
import Foundation
import LCWire

/// What the journal hides before it shows a request: keys, signatures, session tokens,
/// passwords and cookies, in headers, query parameters, JSON and form bodies. Applied when the
/// journal is read, so recording stays cheap.
enum Redaction {
    static let mask = "…redacted…"

    /// Header names carrying credentials: any name with one of these words.
    private static let secretHeaderWords = ["key", "sign", "session", "token", "secret", "password", "cookie", "authorization"]

    static func isSecretHeader(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return secretHeaderWords.contains { lowered.contains($0) }
    }

    /// Field and parameter names carrying credentials. Narrower than headers: `keys` (a select
    /// list) and a file's `key` are data, not secrets.
    static func isSecretField(_ name: String) -> Bool {
        let normalized = name.lowercased().filter { $0 != "_" && $0 != "-" }
        return normalized.contains("password") || normalized.contains("token") || normalized.contains("secret")
            || ["masterkey", "appkey", "sign"].contains(normalized)
    }

    static func headers(_ headers: HTTPHeaders) -> JSON {
        var object = JSONObject()
        for (name, value) in headers {
            let shown = isSecretHeader(name) ? mask : value
            // A repeated header (Set-Cookie) shows its values joined, as one field would.
            object[name] = .string(object[name]?.stringValue.map { $0 + ", " + shown } ?? shown)
        }
        return .object(object)
    }

    /// The query percent-encoded as sent, with the mask itself left readable (not `%E2%80%A6…`).
    static func query(_ pairs: [(name: String, value: String)]) -> String {
        pairs.map { pair in
            isSecretField(pair.name) ? "\(QueryString.escape(pair.name))=\(mask)" : QueryString.encode([pair])
        }.joined(separator: "&")
    }

    /// A body as text: JSON and form bodies with their secret fields masked, other text as it
    /// is, binary as its size.
    static func body(_ bytes: [UInt8], contentType: String?) -> JSON {
        if bytes.isEmpty { return .null }
        if let json = try? JSONParser.parse(bytes) { return .string(masked(json).jsonString) }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .string("<\(bytes.count) bytes>") }
        if contentType?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            return .string(query(QueryString.decode(text[...])))
        }
        return .string(text)
    }

    static func masked(_ json: JSON) -> JSON {
        switch json {
        case .array(let items): return .array(items.map(masked))
        case .object(let object):
            var result = JSONObject()
            for (key, value) in object {
                result[key] = isSecretField(key) && !value.isNull ? .string(mask) : masked(value)
            }
            return .object(result)
        default: return json
        }
    }
}
