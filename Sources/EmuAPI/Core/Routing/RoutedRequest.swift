import EmuHTTP
import Foundation
import LCWire

/// What every request a handler receives reads from its HTTP request: `APIRequest` and
/// `AppRequest` share these, so a helper written once serves both.
public protocol RoutedRequest: Sendable {
    var http: HTTPRequest { get }
    /// Captures from the route pattern, e.g. `className`.
    var parameters: RouteCaptures { get }
    /// Short id logged with unexpected failures and returned to the client with them.
    var requestId: String { get }
}

extension RoutedRequest {
    public func parameter(_ name: String) -> String { parameters[name] ?? "" }

    public func query(_ name: String) -> String? { http.queryValue(name) }

    /// The body parsed as JSON; an empty body reads as an empty object. Malformed JSON → 107
    /// (naming the byte when the text could not be stored as sent, `JSONInput`).
    public func jsonBody() throws -> JSON {
        if http.body.isEmpty { return .object(JSONObject()) }
        return try JSONInput.body(http.body)
    }

    /// A JSON-carrying query parameter (`where`, `pvalues`, …) parsed strictly; nil when absent.
    /// Text that is not JSON throws `syntaxError`; unrepresentable text 107 (`JSONInput`).
    func jsonQuery(_ name: String, syntaxError: APIError) throws -> JSON? {
        try JSONInput.parameter(name, of: http, syntaxError: syntaxError)
    }

    /// The body as a JSON object; anything else (an array, a number) → 107.
    public func jsonObjectBody() throws -> JSONObject {
        guard case .object(let object) = try jsonBody() else { throw APIError(.malformedJSON) }
        return object
    }

    /// `http://host:port` as the client addressed this server: the `Host` header (required in
    /// HTTP/1.1), and `https` when it came over TLS, to our listener or (`X-Forwarded-Proto`) to
    /// a proxy in front.
    var baseURL: String {
        let proto = http.headers["X-Forwarded-Proto"]?.split(separator: ",").first?.trimmingCharacters(in: .whitespaces).lowercased()
        let scheme = http.isSecure || proto == "https" ? "https" : "http"
        var host = http.headers["Host"] ?? ""
        // The header ends up in stored URLs: only host[:port] characters may go there.
        if host.isEmpty || !host.unicodeScalars.allSatisfy({ $0.isASCII && (routedRequestHostCharacters.contains($0)) }) {
            host = "localhost"
        }
        return "\(scheme)://\(host)"
    }

    /// Where a stored file is served: `<base>/<key>`, the path being the key as on LeanCloud's
    /// file domains (APIHandler+RootFiles.swift), or `<base>/__files/<appId>/<key>` for a key that
    /// an emulator route would shadow. The long form serves every file, old links included.
    func fileURL(appId: String, key: String) -> String {
        if FileURLForm.keepsPath(key) { return "\(baseURL)/\(QueryString.encodePath(key))" }
        return "\(baseURL)/__files/\(QueryString.escape(appId))/\(QueryString.encodePath(key))"
    }

    /// Where a client PUTs the bytes of a file announced by `/1.1/fileTokens`.
    func uploadURL(appId: String, token: String) -> String {
        "\(baseURL)/__files/upload/\(QueryString.escape(appId))/\(QueryString.escape(token))"
    }
}

private let routedRequestHostCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]_".unicodeScalars)
