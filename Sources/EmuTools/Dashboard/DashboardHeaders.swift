import EmuData
import EmuHTTP
import EmuRouting

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
