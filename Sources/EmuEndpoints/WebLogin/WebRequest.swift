import EmuData
import EmuHTTP
import EmuRouting
import EmuSQLite
import LCWire
import Primitives

/// A request of the cookie-session API (login-flows.md §2), read once: its app, cookies,
/// form body (URL-encoded or multipart) and CSRF header.
struct WebRequest {
    static let sessionCookie = "sid"
    static let csrfCookie = "XSRF-TOKEN"
    static let csrfHeader = LCHeaderName.xsrfToken

    let app: AppRuntime
    let options: WebLoginOptions
    let cookies: RequestCookies
    let form: [String: String]
    let csrfToken: String?
    /// Whether the CSRF token is checked for this request (`webLoginCsrf`, BrowserRequest).
    let needsCSRFCheck: Bool
    let now: Int64

    init(_ request: RequestContext<AppRuntime?>) throws {
        // A keyless route: an app named but unknown is no resource of this emulator.
        guard let app = request.app else { throw APIError(.routeNotFound) }
        self.app = app
        options = app.configuration.options.webLogin
        cookies = RequestCookies(request.http.headers)
        form = Self.formFields(request.http)
        csrfToken = request.http.headers[Self.csrfHeader]
        needsCSRFCheck = BrowserRequest.needsCSRFCheck(options.csrfMode, headers: request.http.headers)
        now = app.clock.nowMilliseconds
    }

    /// A form field, empty when absent.
    func field(_ name: String) -> String { form[name] ?? "" }

    /// The session the `sid` cookie names, when it is known and live.
    func session(in db: Database) throws -> WebSession? {
        try WebSessionStore.find(sid: cookies[Self.sessionCookie], now: now, in: db)
    }

    /// 801 when this request is checked (`webLoginCsrf`: every request, none, or a browser's) and
    /// `X-XSRF-TOKEN` is not the session's token. Only a known session has a token to match: a
    /// request without one has nothing to protect.
    func checkCSRF(_ session: WebSession?) throws {
        guard needsCSRFCheck, let session else { return }
        guard let csrfToken, ConstantTime.equals(csrfToken, session.xsrf) else { throw WebLoginFailure.csrf }
    }

    /// The form's fields: the text parts of a `multipart/form-data` body (file parts are no
    /// field; a malformed one has none), else the body read as `application/x-www-form-urlencoded`,
    /// whatever its type says, as before. The first of a repeated name wins.
    static func formFields(_ request: HTTPRequest) -> [String: String] {
        let contentType = request.headers["Content-Type"]
        if MultipartForm.isMultipart(contentType) {
            return MultipartForm(body: request.body, contentType: contentType)?.textFields ?? [:]
        }
        return formFields(request.body)
    }

    /// `application/x-www-form-urlencoded` fields; the first of a repeated name wins.
    static func formFields(_ body: [UInt8]) -> [String: String] {
        var fields: [String: String] = [:]
        let text = String(decoding: body, as: UTF8.self)
        for pair in QueryString.decode(Substring(text)) where fields[pair.name] == nil { fields[pair.name] = pair.value }
        return fields
    }
}

// MARK: - Its cookies

/// The cookies a request carries (RFC 6265 §5.4: `Cookie: a=1; b=2`, possibly over several
/// header lines). The first value of a name wins, as browsers send the most specific first.
struct RequestCookies: Sendable {
    private var values: [String: String] = [:]

    init(_ headers: HTTPHeaders) {
        for line in headers.values(for: "Cookie") {
            for pair in line.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = parts[0].trimmingSpaces
                guard !name.isEmpty, values[name] == nil else { continue }
                var value = parts.count > 1 ? parts[1].trimmingSpaces : ""
                // RFC 6265 allows a value in double quotes.
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
                values[name] = value
            }
        }
    }

    subscript(name: String) -> String? { values[name].flatMap { $0.isEmpty ? nil : $0 } }
}

private extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
