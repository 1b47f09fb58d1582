import Foundation
extension APIRequest {
    /// `http://host:port` as the client addressed this server: the `Host` header (required in
    /// HTTP/1.1), and `https` when it came over TLS, to our listener or (`X-Forwarded-Proto`) to
    /// a proxy in front.
    var baseURL: String {
        let proto = http.headers["X-Forwarded-Proto"]?.split(separator: ",").first?.trimmingCharacters(in: .whitespaces).lowercased()
        let scheme = http.isSecure || proto == "https" ? "https" : "http"
        var host = http.headers["Host"] ?? ""
        // The header ends up in stored URLs: only host[:port] characters may go there.
        if host.isEmpty || !host.unicodeScalars.allSatisfy({ $0.isASCII && (Self.hostCharacters.contains($0)) }) {
            host = "localhost"
        }
        return "\(scheme)://\(host)"
    }

    /// Where a stored file is served: `<base>/__files/<appId>/<key>`.
    func fileURL(appId: String, key: String) -> String {
        "\(baseURL)/__files/\(QueryString.escape(appId))/\(QueryString.encodePath(key))"
    }

    /// Where a client PUTs the bytes of a file announced by `/1.1/fileTokens`.
    func uploadURL(appId: String, token: String) -> String {
        "\(baseURL)/__files/upload/\(QueryString.escape(appId))/\(QueryString.escape(token))"
    }

    private static let hostCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]_".unicodeScalars)
}
