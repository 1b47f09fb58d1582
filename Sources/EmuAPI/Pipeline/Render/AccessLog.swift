import EmuData
import EmuEndpoints
import EmuHTTP
import EmuRouting
import EmuTools
import Foundation
import LCWire

/// The one line `--log-level debug` writes per request: request id, method, path, status, the
/// LeanCloud error code and the reason of an auth refusal when there is one, and the time taken.
/// `a1 POST /1.1/classes/Post 400 code=111 0.42 ms`. The query is left out (it can carry a
/// session token) and so are path secrets (reset and verify links, upload URLs, SMS codes).
enum AccessLog {
    static func line(requestId: String, request: HTTPRequest, response: HTTPResponse, nanoseconds: UInt64) -> String {
        var line = "\(requestId) \(request.method) \(redacted(request.path)) \(response.status)"
        if response.status >= 400, let code = try? JSONParser.parse(response.body)[LCWireKey.code]?.intValue {
            line += " code=\(code)"
        }
        if let reason = response.headers[LCHeaderName.authDiagnostic] { line += " (\(reason))" }
        let milliseconds = Double(nanoseconds) / 1_000_000
        return line + " " + String(format: "%.2f ms", milliseconds)
    }

    /// The path with the secret segment of the routes that take one (reset and verify links,
    /// upload URLs, SMS codes) masked, by the journal's rule (`SecretText`, in Admin/Journal/Redaction.swift).
    static func redacted(_ path: String) -> String { SecretText.masked(path, mask: "…") }
}
