import EmuData
import EmuHTTP
import EmuRouting

/// A custom route's page never runs on the emulator's origin. Its body is the route author's, but
/// a template may put the caller's values in it, and it is served from the origin of the
/// dashboard, whose page holds the master key and which alone may call `/__admin`: a `text/html`
/// route echoing `?name=<script>…` would be reflected XSS past the admin guard. So every answer is
/// `nosniff` (a JSON or text body echoing the caller is never guessed to be HTML), and one of any
/// type a browser would not show passively (`FileServingHeaders.isInline`) is also sandboxed by
/// a CSP of its own, added beside any the route sets (browsers enforce every policy): scripts,
/// forms and pop-ups still work, so a mock web page behaves, but the page has an opaque origin:
/// no storage of this origin, and its requests to `/__admin` carry `Origin: null`, which the
/// admin guard refuses.
enum RouteContentIsolation {
    static let contentSecurityPolicy = "sandbox allow-scripts allow-forms allow-popups allow-modals allow-downloads"

    static func apply(to headers: inout HTTPHeaders) {
        headers.set("X-Content-Type-Options", "nosniff")
        guard !FileServingHeaders.isInline(headers["Content-Type"] ?? "") else { return }
        headers.add("Content-Security-Policy", contentSecurityPolicy)
    }
}
