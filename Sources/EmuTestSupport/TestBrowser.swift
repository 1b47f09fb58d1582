import EmuHTTP
import Foundation
import LCWire

/// A client of the cookie-session API (`/api`, docs/web-login.md) that behaves like a browser:
/// it keeps the cookies responses set, sends them back, posts form bodies, and echoes the
/// `XSRF-TOKEN` cookie in `X-XSRF-TOKEN` (unless `echoesCSRF` is off).
public struct TestBrowser {
    public var client: TestClient
    /// Cookie name → value, as the last responses left them.
    public var cookies: [String: String] = [:]
    public var echoesCSRF = true
    /// The `Origin` header sent with every request, as a page served from there would.
    public var origin: String?

    /// A browser over `client`'s transport; it sends no LeanCloud keys. With `origin`, it acts
    /// as a page of that origin calling cross-origin (`--cors-origins`, docs/web-login.md).
    public init(_ client: TestClient, origin: String? = nil) {
        self.client = client
        self.client.credentials = .none
        self.origin = origin
    }

    public mutating func get(_ path: String) throws -> TestClient.Response {
        try send("GET", path, body: [])
    }

    /// A form-encoded POST of `fields`, in order.
    public mutating func post(_ path: String, form fields: [(String, String)] = []) throws -> TestClient.Response {
        try send("POST", path, body: Array(Self.formEncoded(fields).utf8))
    }

    public mutating func send(_ method: String, _ path: String, body: [UInt8]) throws -> TestClient.Response {
        var headers: HTTPHeaders = [:]
        if !cookies.isEmpty {
            headers.add("Cookie", cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        }
        if echoesCSRF, let token = cookies["XSRF-TOKEN"] { headers.add(LCHeaderName.xsrfToken, token) }
        if let origin { headers.add("Origin", origin) }
        if !body.isEmpty { headers.add("Content-Type", "application/x-www-form-urlencoded") }
        let response = try client.send(method, path, body: body, headers: headers)
        for line in response.headers.values(for: "Set-Cookie") { keep(line) }
        return response
    }

    /// Applies one `Set-Cookie` line: `Max-Age=0` deletes the cookie.
    private mutating func keep(_ line: String) {
        let parts = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { return }
        let name = String(pair[..<equals])
        if parts.contains("Max-Age=0") {
            cookies[name] = nil
        } else {
            cookies[name] = String(pair[pair.index(after: equals)...])
        }
    }

    /// `a=1&b=x%40y`: RFC 3986 unreserved characters stay, the rest is percent-encoded.
    public static func formEncoded(_ fields: [(String, String)]) -> String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        func escape(_ text: String) -> String {
            text.utf8.map { allowed.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
        }
        return fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }
}
