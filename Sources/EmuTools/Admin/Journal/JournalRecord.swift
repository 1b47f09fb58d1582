import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// One answered request as the journal keeps it: the raw request and response (shared, not
/// copied — recording must cost the request path almost nothing), redacted only when read.
struct JournalRecord: Sendable {
    /// Increasing from 1 for the life of the server; clients poll with `after=<id>`.
    var id: Int
    let milliseconds: Int64
    /// The authenticated app, or the app the request named; nil when it named none we serve.
    let appId: String?
    let request: HTTPRequest
    let response: HTTPResponse
    let nanoseconds: UInt64
    /// The custom route that answered, if one did.
    let route: String?
    /// No route answered (LeanCloud's or a custom one).
    let unmatched: Bool
    /// Why the closest custom routes did not match, when no route answered.
    let nearMisses: JSON?
    /// The objectId of the logged-in user a custom route with `auth` answered (`verify` by user).
    var caller: String? = nil
    /// The request's id, which the engine calls it caused carry (docs/cloud-code.md): written
    /// when the record is read, not as it is kept (`RequestId`).
    var requestId: RequestId? = nil

    /// Bodies longer than this are kept as their first bytes only: a capped journal of a
    /// thousand requests must not hold a thousand uploads (or the dashboard's scripts), at most
    /// 32 MiB of bodies at the default size.
    static let bodyLimit = 16 * 1024

    /// Whether a master key of `appId` may read this record: its own app's, and those of no app.
    func isVisible(to appId: String) -> Bool { self.appId == nil || self.appId == appId }

    /// A body's first `bodyLimit` bytes when it is longer; nil when it is kept whole (and the
    /// request or response holding it is left untouched: changing a request copies its storage).
    static func cut(_ body: [UInt8]) -> [UInt8]? {
        body.count <= bodyLimit ? nil : Array(body.prefix(bodyLimit))
    }

    /// The request as the journal keeps it: its body cut (`cut`).
    static func kept(_ request: HTTPRequest) -> HTTPRequest {
        guard let cut = cut(request.body) else { return request }
        var kept = request
        kept.body = cut
        return kept
    }

    /// The response as the journal keeps it: its body cut (`cut`).
    static func kept(_ response: HTTPResponse) -> HTTPResponse {
        guard let cut = cut(response.body) else { return response }
        var kept = response
        kept.body = cut
        return kept
    }
}

extension JournalRecord {
    /// The record as `GET /__admin/requests` lists it, secrets masked (docs/testing.md).
    var json: JSON {
        var object: JSONObject = [
            "id": JSON(id),
            "time": .string(LCDate(millisecondsSince1970: milliseconds).iso),
            "method": .string(request.method),
            "path": .string(Redaction.path(request.path)),
            "query": .string(Redaction.query(request.query) { SecretNames.isSecret($0, inBodyOf: request.path) }),
            "status": JSON(response.status),
            "code": errorCode.map { JSON($0) } ?? .null,
            "app": appId.map { JSON.string($0) } ?? .null,
            "route": route.map { JSON.string($0) } ?? .null,
            "caller": caller.map { JSON.string($0) } ?? .null,
            "durationMs": .number((Double(nanoseconds) / 10_000).rounded() / 100),
            "request": [
                "headers": Redaction.headers(request.headers),
                "body": Redaction.body(request.body, contentType: request.headers["Content-Type"], path: request.path),
            ],
            "response": [
                "headers": Redaction.headers(response.headers),
                "body": Redaction.body(response.body, contentType: response.headers["Content-Type"]),
            ],
        ]
        if let nearMisses { object["nearMisses"] = nearMisses }
        return .object(object)
    }

    /// The LeanCloud error code of an error answer's `{"code":…,"error":…}` body.
    var errorCode: Int? {
        guard response.status >= 400, let body = try? JSONParser.parse(response.body) else { return nil }
        return body[LCWireKey.code]?.intValue
    }
}
