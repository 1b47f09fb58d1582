@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
import EmuHTTP
@testable import EmuRouting
import EmuTesting
@testable import EmuTools

/// One registered route made concrete: its method, pattern, and request-targets built from the
/// pattern with ordinary values for its captures (or junk, for the capture round).
struct RouteSample: Sendable, CustomStringConvertible {
    let method: String
    let pattern: String

    var description: String { "\(method) \(pattern)" }

    /// Every route the emulator's router knows, nothing else.
    static let all: [RouteSample] = Routes.make().routes.map { RouteSample(method: $0.method, pattern: $0.pattern) }

    /// The path families and the error format each promises.
    enum Family { case api, webLogin, oauth, admin, files, authPages }

    var family: Family {
        if pattern.hasPrefix("/api/") { return .webLogin }
        if pattern.hasPrefix("/oauth/") { return .oauth }
        if pattern.hasPrefix("/__admin/") { return .admin }
        if pattern.hasPrefix("/__files/") { return .files }
        if pattern.hasPrefix("/__auth/") { return .authPages }
        return .api
    }

    /// True for routes that read a JSON body (POST/PUT of the `/1.1` API, bar file uploads and
    /// the form-encoded families).
    var readsJSONBody: Bool {
        guard method == "POST" || method == "PUT", family == .api || family == .admin else { return false }
        // Bodies these routes read as raw bytes or ignore: a named file's bytes, the session
        // refresh, and the reset (no body).
        let rawOrIgnored = ["/1.1/files/:objectId", "/1.1/users/:objectId/refreshSessionToken", "/__admin/reset"]
        return !rawOrIgnored.contains(pattern)
    }

    /// The routes that run a `where` query (spec §3).
    var isQuery: Bool {
        method == "GET" && ["/1.1/classes/:className", "/1.1/users", "/1.1/roles", "/1.1/installations", "/1.1/tables/Notifications",
                            "/1.1/scan/classes/:className"].contains(pattern)
    }

    /// Routes that draw a captcha picture on every call (~10 ms each): they get fewer inputs.
    var drawsImage: Bool { pattern == "/api/getCaptcha" || pattern == "/1.1/captchaImage" }

    /// The inputs this route gets: all of them, or the first few for image routes.
    func inputs<T>(_ all: [T], few: Int = 6) -> [T] {
        drawsImage ? Array(all.prefix(few)) : all
    }

    /// The pattern with each capture replaced: `:appId` by the app id, others by `value(name)`.
    func target(appId: String, value: (String) -> String) -> String {
        let segments = pattern.split(separator: "/").map { segment -> String in
            if segment == ":appId" { return appId }
            if segment.hasPrefix(":") || segment.hasPrefix("*") { return value(String(segment.dropFirst())) }
            return String(segment)
        }
        return "/" + segments.joined(separator: "/")
    }

    /// Plausible capture values: an existing class, an unknown id, a well-formed code.
    static func ordinary(_ name: String) -> String {
        switch name {
        case "className": return "Post"
        case "code": return "123456"
        case "key": return "abc/def.txt"
        default: return "5f0000000000000000000000"
        }
    }
}
