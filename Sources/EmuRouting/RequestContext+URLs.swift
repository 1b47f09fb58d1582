import EmuData
import EmuHTTP
import Foundation
import LCWire

/// The URLs a handler hands back to the client, built from how the client addressed this server.
extension RequestContext {
    /// `http://host:port` as the client addressed this server: the `Host` header (required in
    /// HTTP/1.1), and `https` when it came over TLS, to our listener or (`X-Forwarded-Proto`) to
    /// a proxy in front.
    package var baseURL: String {
        let proto = http.headers["X-Forwarded-Proto"]?.split(separator: ",").first?.trimmingCharacters(in: .whitespaces).lowercased()
        let scheme = http.isSecure || proto == "https" ? "https" : "http"
        var host = http.headers["Host"] ?? ""
        // The header ends up in stored URLs: only host[:port] characters may go there.
        if host.isEmpty || !host.unicodeScalars.allSatisfy({ $0.isASCII && (clientHostCharacters.contains($0)) }) {
            host = "localhost"
        }
        return "\(scheme)://\(host)"
    }

    /// Where a stored file is served: `<base>/<key>`, the path being the key as on LeanCloud's
    /// file domains (EmuAPI/Pipeline/Routing/RootFiles.swift), or `<base>/__files/<appId>/<key>` for a key that
    /// an emulator route would shadow. The long form serves every file, old links included.
    package func fileURL(appId: String, key: String) -> String {
        if FileURLForm.keepsPath(key) { return "\(baseURL)/\(QueryString.encodePath(key))" }
        return "\(baseURL)/__files/\(QueryString.escape(appId))/\(QueryString.encodePath(key))"
    }

    /// Where a client PUTs the bytes of a file announced by `/1.1/fileTokens`.
    package func uploadURL(appId: String, token: String) -> String {
        "\(baseURL)/__files/upload/\(QueryString.escape(appId))/\(QueryString.escape(token))"
    }
}

private let clientHostCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]_".unicodeScalars)

/// Which file keys can be served at `/<key>`: those whose first segment is not one of the
/// emulator's own, which routes would shadow. Their URLs keep the long form
/// `/__files/<appId>/<key>`. The segments are the first ones of the route table's patterns
/// (`Routes`, in the server; FileURLTests checks they agree).
package enum FileURLForm {
    static let reservedFirstSegments: Set<Substring> = ["1.1", "__admin", "__auth", "__files", "api", "oauth"]

    package static func keepsPath(_ key: String) -> Bool {
        guard let first = key.split(separator: "/", omittingEmptySubsequences: false).first else { return false }
        return !reservedFirstSegments.contains(first)
    }
}
