import EmuHTTP
import Foundation
import LCWire

/// The one line `--log-level debug` writes per request: request id, method, path, status, the
/// LeanCloud error code and the reason of an auth refusal when there is one, and the time taken.
/// `a1 POST /1.1/classes/Post 400 code=111 0.42 ms`. The query is left out (it can carry a
/// session token) and so are path tokens (reset and verify links, upload URLs).
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

    /// The path with the secret segment of the single-use link routes replaced by `…`.
    static func redacted(_ path: String) -> String {
        guard path.hasPrefix("/__auth/") || path.hasPrefix("/__files/upload/") else { return path }
        var segments = path.split(separator: "/", omittingEmptySubsequences: false)
        if segments.count > 3 { segments[segments.count - 1] = "…" }
        return segments.joined(separator: "/")
    }
}
