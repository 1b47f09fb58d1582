import EmuDashboard
import EmuData
import EmuHTTP
import EmuRouting
import LCWire

/// `/__admin/ui/`: the web dashboard (docs/dashboard.md). The files are open, as any login page
/// is; everything they show comes from master-key `/__admin` and `/1.1` endpoints.
package enum DashboardRoutes {
    package static func register(in router: inout Router<APIRoute>) {
        // `/__admin/ui` and `/__admin/ui/` are one route; the page links its files by absolute path.
        router.add("GET", "/__admin/ui", APIRoute(access: .open) { _ in try file(DashboardAssets.indexName) })
        router.add("GET", "/__admin/ui/:file", APIRoute(access: .open) { request in
            try file(request.parameter("file"))
        })
        // Trades a one-time link's token for the app's master key; keyless: the page sends X-LC-Id.
        router.add("POST", DashboardWatch.linkExchangePath, APIRoute(access: .keyless) { request in
            let app = try request.requiredApp
            guard let token = try request.jsonObjectBody()["token"]?.stringValue, app.dashboardLinks.redeem(token) else {
                throw APIError(.dashboardLinkRefused)
            }
            var answer = APIResponse(json: ["appId": .string(app.configuration.appId),
                                            "masterKey": .string(app.configuration.masterKey)])
            answer.headers.set("Cache-Control", "no-store")
            return answer
        })
        DashboardLiveRoutes.register(in: &router)
    }

    static func file(_ name: String) throws -> APIResponse {
        guard let asset = DashboardAssets.asset(named: name) else { throw APIError(.dashboardFileNotFound) }
        var response = APIResponse(contentType: asset.contentType, body: asset.bytes)
        response.headers = DashboardHeaders.headers(contentType: asset.contentType)
        return response
    }
}

extension LCErrorCode {
    /// A file the dashboard does not have: 404 like any unknown path.
    static let dashboardFileNotFound = LCErrorCode(code: 404, message: "No such dashboard file.", httpStatus: 404)
    /// An unknown, spent or expired one-time link (they work once, for 15 minutes).
    static let dashboardLinkRefused = LCErrorCode(
        code: 401, message: "This log-in link is unknown, already used or expired; type the master key.", httpStatus: 401)
}

// MARK: - DashboardHeaders

/// The headers of every dashboard file. The page holds the master key, so it allows nothing it
/// does not need: scripts and styles from this origin only (no inline script, no `eval`), no
/// framing, no caching by the browser or anything between (the files change with the binary).
enum DashboardHeaders {
    static let contentSecurityPolicy = [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        // Captcha pictures and file thumbnails come from this origin (`/1.1/captchaImage`, `/__files`).
        "img-src 'self' data:",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    ].joined(separator: "; ")

    static func headers(contentType: String) -> HTTPHeaders {
        [
            "Content-Type": contentType,
            "Cache-Control": "no-store",
            "Pragma": "no-cache",
            "Content-Security-Policy": contentSecurityPolicy,
            "X-Content-Type-Options": "nosniff",
            "X-Frame-Options": "DENY",
            // The one-time link's token is in the fragment, which browsers never send; belt and braces.
            "Referrer-Policy": "no-referrer",
        ]
    }
}
