import EmuData
import EmuRouting
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LCWire

/// One element of a batch's `requests` array (spec §4.1, §4.2):
/// `{"method":"PUT","path":"/1.1/classes/Post/<id>","body":{…},"params":{…}}`.
struct BatchOperation {
    /// Most sub-requests in one batch. LeanCloud documents no count, only the 20 MB body and a
    /// recommendation of ≤ 100; 1000 matches its other per-request caps (query limit, relation op).
    static let maxCount = 1000

    /// Upper-cased: `GET`, `POST`, `PUT`, `DELETE`.
    var method: String
    /// With the `/1.1` prefix, as the SDKs send it.
    var path: String
    /// The JSON body; nil when absent or `null` (the Python SDK sends `null` on DELETE).
    var body: JSON?
    /// Query parameters given as JSON (`where` as an object, `fetchWhenSave` as a boolean).
    var params: JSONObject

    /// The operations of a batch body, validated before any runs: a batch either starts or is refused whole.
    static func list(from body: JSONObject) throws -> [BatchOperation] {
        guard let requests = body["requests"]?.arrayValue else { throw APIError(.batchRequestsMissing) }
        guard requests.count <= maxCount else { throw APIError(.batchTooLarge(max: maxCount)) }
        return try requests.enumerated().map { try BatchOperation(json: $0.element, index: $0.offset) }
    }

    init(json: JSON, index: Int) throws {
        guard let object = json.objectValue else { throw APIError(.malformedBatchRequest(index: index, "it is not an object")) }
        guard let method = object["method"]?.stringValue, !method.isEmpty else {
            throw APIError(.malformedBatchRequest(index: index, "\"method\" is missing"))
        }
        guard let path = object["path"]?.stringValue, !path.isEmpty else {
            throw APIError(.malformedBatchRequest(index: index, "\"path\" is missing"))
        }
        switch object["params"] {
        case nil, .null?: params = JSONObject()
        case .object(let given)?: params = given
        default: throw APIError(.malformedBatchRequest(index: index, "\"params\" is not an object"))
        }
        self.method = method.uppercased()
        self.path = path
        body = object["body"].flatMap { $0.isNull ? nil : $0 }
    }

    /// The sub-request, optionally with another path or body.
    func subrequest(path: String? = nil, body: JSON? = nil) -> SubRequest {
        SubRequest(method: method, path: path ?? self.path, query: QueryString.parameters(params), body: body ?? self.body)
    }

    /// For `DELETE /1.1/classes/Post/id1,id2,id3` (the JS SDK's `destroyAll`), one path per id;
    /// nil for any other request.
    var commaSeparatedPaths: [String]? {
        guard method == "DELETE" else { return nil }
        let parts = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let pathPart = parts[0]
        guard let slash = pathPart.lastIndex(of: "/") else { return nil }
        let last = pathPart[pathPart.index(after: slash)...]
        guard last.contains(",") else { return nil }
        let ids = last.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        guard !ids.isEmpty else { return nil }
        let suffix = parts.count > 1 ? "?" + parts[1] : ""
        return ids.map { String(pathPart[...slash]) + $0 + suffix }
    }
}

// MARK: - The refusals of a batch body

// The batch endpoints' own refusals. LeanCloud documents none of them; all use 107, the code for
// a body that is not the JSON expected (docs/compatibility.md, "Batch").
extension LCErrorCode {
    /// The body has no `requests` array.
    static let batchRequestsMissing = malformedJSON.with(
        message: "Malformed json object. A batch needs a \"requests\" array.")

    /// More than `max` sub-requests.
    static func batchTooLarge(max: Int) -> LCErrorCode {
        malformedJSON.with(message: "Too many requests in one batch: at most \(max) are allowed.")
    }

    /// An element of `requests` cannot be run.
    static func malformedBatchRequest(index: Int, _ reason: String) -> LCErrorCode {
        malformedJSON.with(message: "Malformed batch request at index \(index): \(reason).")
    }
}
