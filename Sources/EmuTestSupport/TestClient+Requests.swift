import EmuAPI
import EmuHTTP
import Foundation
import LCWire

extension TestClient {
    /// The authentication headers for the chosen credentials; signatures use the current time.
    func authHeaders() -> HTTPHeaders {
        let timestamp = LCDate.now().millisecondsSince1970
        switch credentials {
        case .appKey: return [LCHeaderName.id: app.appId, LCHeaderName.key: app.appKey]
        case .masterKey: return [LCHeaderName.id: app.appId, LCHeaderName.key: "\(app.masterKey),master"]
        case .signedAppKey:
            let sign = LCRequestSignature.make(key: app.appKey, timestamp: timestamp, master: false)
            return [LCHeaderName.id: app.appId, LCHeaderName.sign: sign]
        case .signedMasterKey:
            let sign = LCRequestSignature.make(key: app.masterKey, timestamp: timestamp, master: true)
            return [LCHeaderName.id: app.appId, LCHeaderName.sign: sign]
        case .none: return [:]
        case .headers(let headers): return headers
        }
    }

    /// Builds the request the HTTP parser would have produced, for the in-process tier.
    static func request(_ method: String, _ target: String, headers: HTTPHeaders, body: [UInt8]) throws -> HTTPRequest {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        var query: [(name: String, value: String)] = []
        if parts.count > 1 {
            for pair in parts[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                func decode(_ s: Substring) -> String {
                    s.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(s)
                }
                query.append((decode(kv[0]), kv.count > 1 ? decode(kv[1]) : ""))
            }
        }
        var allHeaders = headers
        // A test of the Host check (DNS rebinding) sends its own.
        if allHeaders["Host"] == nil { allHeaders.set("Host", "localhost") }
        return HTTPRequest(method: method, target: target, path: path, query: query, headers: allHeaders, body: body)
    }
}
