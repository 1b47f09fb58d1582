import EmuData
import EmuEndpoints
import EmuHTTP
import EmuRouting
import EmuTools
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire

/// The CORS "method override" envelope (spec §1.6): a `POST` with `Content-Type: text/plain`
/// whose JSON body carries `_method`, `_ApplicationId`, `_ApplicationKey`, … for clients that can
/// neither set headers nor use other methods. It is turned into the request it stands for once,
/// before routing, so every route accepts it.
///
/// ```
/// POST /1.1/classes/Post/abc   text/plain   {"_method":"PUT","_ApplicationId":"id","_ApplicationKey":"key","title":"x"}
///   →  PUT /1.1/classes/Post/abc   X-LC-Id: id   X-LC-Key: key   {"title":"x"}
/// ```
enum MethodOverrideEnvelope {
    /// The request the envelope stands for, or nil when `request` is no envelope (not a
    /// text/plain POST, or a body that is not a JSON object naming a method or an app): then
    /// the request stands for itself, and is not copied.
    /// A `_method` that is not a string → 107.
    static func unwrap(_ request: HTTPRequest) throws -> HTTPRequest? {
        // The method's length first: `==` of two short strings that differ (`GET`) went through
        // the standard library's general comparison, on every request (issue 31).
        guard request.method.utf8.count == 4, request.method == "POST", isPlainText(request.headers["Content-Type"]),
              let object = try envelopeObject(request.body),
              object.contains(key: LCEnvelopeKey.method) || object.contains(key: LCEnvelopeKey.applicationId)
        else { return nil }
        var method = "POST"
        if let value = object[LCEnvelopeKey.method] {
            guard let name = value.stringValue, !name.isEmpty else { throw APIError(.malformedJSON) }
            method = name.uppercased()
        }
        var headers = request.headers
        for name in ["Content-Type", "Content-Length"] { headers.remove(name) }
        applyCredentials(LCRequestCredentials(envelope: object), from: object, to: &headers)
        // Every key with exactly one leading underscore belongs to the envelope; `__type`-style keys stay.
        var payload = JSONObject()
        for member in object where !LCEnvelopeKey.isEnvelopeKey(member.key) { payload[member.key] = member.value }
        var query = request.query
        var body: [UInt8] = []
        if method == "GET" || method == "DELETE" {
            // Reads and deletes take their options (`where`, `keys`, …) from the query string.
            query += QueryString.parameters(payload)
        } else {
            body = JSON.object(payload).serialized()
            headers.set("Content-Type", "application/json")
        }
        let target = query.isEmpty ? request.path : request.path + "?" + QueryString.encode(query)
        return HTTPRequest(method: method, target: target, path: request.path, query: query,
                           version: request.version, headers: headers, body: body, isSecure: request.isSecure)
    }

    /// The body as a JSON object, or nil when it is none (a text/plain file upload, say). A body
    /// that names an envelope key but holds text no value can be stored as (invalid UTF-8, a
    /// lone surrogate, a number out of range) is an envelope refused whole: 107 with the byte.
    private static func envelopeObject(_ body: [UInt8]) throws -> JSONObject? {
        do {
            return try JSONParser.parse(body).objectValue
        } catch let error as JSONParseError where error.reason == .unrepresentable {
            let names = [LCEnvelopeKey.method, LCEnvelopeKey.applicationId].map { Array("\"\($0)\"".utf8) }
            guard names.contains(where: { body.firstRange(of: $0) != nil }) else { return nil }
            throw APIError(.malformedJSON(error))
        } catch {
            return nil
        }
    }

    /// The envelope's credentials become the headers they stand for, replacing any sent.
    private static func applyCredentials(_ credentials: LCRequestCredentials, from object: JSONObject,
                                         to headers: inout HTTPHeaders) {
        if let appId = credentials.appId { headers.set(LCHeaderName.id, appId) }
        if let masterKey = credentials.masterKey {
            headers.set(LCHeaderName.key, "\(masterKey),master")
            headers.remove(LCHeaderName.sign)
        } else if let key = credentials.key {
            headers.set(LCHeaderName.key, key)
            headers.remove(LCHeaderName.sign)
        }
        if let session = credentials.sessionToken { headers.set(LCHeaderName.session, session) }
        if object.contains(key: LCEnvelopeKey.applicationProduction) {
            headers.set(LCHeaderName.prod, credentials.isProduction ? "1" : "0")
        }
    }

    /// `text/plain`, with or without parameters such as `;charset=UTF-8`.
    /// Compared byte by byte in place: Foundation's trimming and lowercasing cost about 5 % of
    /// every JSON POST's CPU here, and a collection pipeline over the bytes (prefix, drop,
    /// reversed, map) ~4,000 instructions of each create (issue 31), for a header that is almost
    /// never `text/plain`. Non-ASCII values (Unicode spaces) and a leading `;` (dropped by
    /// `split`) keep the general comparison.
    private static func isPlainText(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let ascii = contentType.utf8.withContiguousStorageIfAvailable(isPlainTextASCII)
            ?? Array(contentType.utf8).withUnsafeBufferPointer(isPlainTextASCII)
        if let ascii { return ascii }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return mediaType.trimmingWhitespace().lowercased() == "text/plain"
    }

    /// Whether ASCII bytes are `text/plain` before any `;`, spaces and tabs around it, ASCII
    /// case aside; nil when the general comparison must decide (a byte of 0x80 or more, or a
    /// leading `;`).
    private static func isPlainTextASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        if bytes.first == UInt8(ascii: ";") { return nil }
        var end = bytes.count
        for index in bytes.indices {
            if bytes[index] >= 0x80 { return nil }
            if bytes[index] == UInt8(ascii: ";"), end == bytes.count { end = index }
        }
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var start = 0
        while start < end, isBlank(bytes[start]) { start += 1 }
        while end > start, isBlank(bytes[end - 1]) { end -= 1 }
        let expected: StaticString = "text/plain"
        guard end - start == expected.utf8CodeUnitCount else { return false }
        for offset in 0..<expected.utf8CodeUnitCount {
            let byte = bytes[start + offset]
            let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            if lowered != expected.utf8Start[offset] { return false }
        }
        return true
    }
}
