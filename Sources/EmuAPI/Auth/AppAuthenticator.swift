import EmuHTTP
import LCWire

/// Decides which app a request belongs to and with which privilege (spec §1.2–1.4).
/// On failure the body stays the faithful `{"code":401,"error":"Unauthorized."}`; the reason goes
/// in the `X-LCEmu-Auth-Error` header, because clients get signing wrong in many ways.
struct AppAuthenticator: Sendable {
    static let diagnosticHeader = "X-LCEmu-Auth-Error"
    let apps: [String: AppRuntime]
    /// Optional window for signature timestamps, in milliseconds; nil = none (as the real service).
    var maxSkewMilliseconds: Int64? = nil

    struct Outcome {
        var app: AppRuntime?
        var isMaster: Bool
    }

    func authenticate(_ request: HTTPRequest, access: RouteAccess) throws -> Outcome {
        if access == .open { return Outcome(app: nil, isMaster: false) }
        let headers = request.headers
        guard let appId = first(LCHeaderName.appIdCandidates, in: headers) else {
            throw failure(.missingAppId)
        }
        guard let app = apps[appId] else { throw failure(.unknownAppId) }
        let result = LCAuthVerifier.verify(
            key: first(LCHeaderName.keyCandidates, in: headers),
            sign: first(LCHeaderName.signCandidates, in: headers),
            masterKeyHeader: first(LCHeaderName.masterKeyCandidates, in: headers),
            appKey: app.configuration.appKey, masterKey: app.configuration.masterKey,
            nowMilliseconds: app.clock.nowMilliseconds, maxSkewMilliseconds: maxSkewMilliseconds)
        switch result {
        case .success(let privilege):
            let isMaster = privilege == .master
            if access == .master && !isMaster { throw failure(.masterKeyRequired) }
            return Outcome(app: app, isMaster: isMaster)
        case .failure(let reason):
            throw failure(reason)
        }
    }

    private func first(_ names: [String], in headers: HTTPHeaders) -> String? {
        for name in names { if let value = headers[name], !value.isEmpty { return value } }
        return nil
    }

    private func failure(_ reason: LCAuthFailure) -> APIError {
        APIError(.unauthorized, headers: [(Self.diagnosticHeader, reason.reason)])
    }
}
