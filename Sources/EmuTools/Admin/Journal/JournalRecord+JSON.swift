import EmuData
import EmuHTTP
import EmuRouting
import LCWire

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
