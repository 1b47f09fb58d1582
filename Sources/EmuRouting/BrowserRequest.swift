import EmuData
import EmuHTTP

/// Whether a request was sent by a web browser, for the CSRF rule of cookie sessions
/// (`webLoginCsrf: "browser"`, docs/web-login.md "CSRF and native clients").
///
/// Browsers add `Origin` to every cross-origin request that is not a GET or HEAD (a form post, a
/// `fetch` in `no-cors` mode) and, in current versions, to same-origin POSTs too; they add
/// `Sec-Fetch-Site` to every request. A page's script can neither set nor remove either (both are
/// forbidden header names of the Fetch standard). Native HTTP stacks — AFNetworking, URLSession,
/// OkHttp, curl — send neither. So the presence of either header marks a browser, whatever its
/// value: `Origin: null` (a sandboxed frame, a file), `Sec-Fetch-Site: same-site` (a page on
/// another port of localhost, which shares the cookies of this one) and `cross-site` alike.
package enum BrowserRequest {
    package static func isFromBrowser(_ headers: HTTPHeaders) -> Bool {
        headers["Origin"] != nil || headers["Sec-Fetch-Site"] != nil
    }

    /// True when `mode` wants this request's CSRF token checked.
    package static func needsCSRFCheck(_ mode: WebLoginOptions.CSRFMode, headers: HTTPHeaders) -> Bool {
        switch mode {
        case .always: true
        case .never: false
        case .browser: isFromBrowser(headers)
        }
    }
}
