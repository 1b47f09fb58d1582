import Foundation
import LCWire

extension LCApplication {
    /// Calls the REST API: `path` starts with `/1.1/`, `query` is sent percent-encoded, `body` as
    /// JSON. Answers the JSON body of a 2xx response (`{}` when empty) or throws `LCError`.
    ///
    /// Every attempt is signed afresh (`X-LC-Sign` carries a timestamp, spec §1.3) and carries the
    /// current user's session. A failure because the session is no longer valid goes through
    /// `reauthentication` when one is set, and the request is retried once.
    public func request(
        _ method: String, _ path: String, query: [(String, String)] = [], body: JSON? = nil,
        options: LCRequestOptions = .default
    ) async throws -> JSON {
        let token = sessionToken(for: options)
        do {
            return try await perform(method, path, query: query, body: body, options: options, sessionToken: token)
        } catch let error as LCError {
            // Only the current user's session is renewed; an explicit token is the caller's business.
            guard let policy = reauthentication, let token, options.sessionToken == nil, !LCReauthentication.isRunning,
                  try await policy.applies(to: error, sessionToken: token, in: self)
            else { throw error }
            try await policy.run(for: self, replacing: token)
            return try await perform(method, path, query: query, body: body, options: options,
                                     sessionToken: sessionToken(for: options))
        }
    }

    /// The token a request carries: an explicit one, none, or the current user's.
    func sessionToken(for options: LCRequestOptions) -> String? {
        if options.anonymous { return nil }
        return options.sessionToken ?? state.current?.sessionToken
    }

    /// One attempt: build, sign, send, decode.
    func perform(
        _ method: String, _ path: String, query: [(String, String)], body: JSON?,
        options: LCRequestOptions, sessionToken: String?
    ) async throws -> JSON {
        var headers = signedHeaders(master: options.useMasterKey || usesMasterKey)
        if let sessionToken { headers[LCHeaderName.session] = sessionToken }
        var request = LCHTTPRequest(method: method, url: try url(path: path, query: query),
                                    headers: headers, timeout: options.timeout ?? timeout)
        if let body {
            request.body = Data(body.serialized())
            request.headers["Content-Type"] = "application/json; charset=utf-8"
        }
        let response = try await send(request)
        let json = response.body.isEmpty ? nil : try? JSONParser.parse([UInt8](response.body))
        guard (200..<300).contains(response.status) else { throw LCError(status: response.status, body: json) }
        if response.body.isEmpty { return .object([:]) }
        guard let json else {
            throw LCError(code: .invalidResponse, message: "The response is not JSON.", httpStatus: response.status)
        }
        return json
    }

    /// Sends through the transport, turning transport failures into `LCError` and a cancelled
    /// task into `CancellationError`.
    public func send(_ request: LCHTTPRequest) async throws -> LCHTTPResponse {
        try Task.checkCancellation()
        do {
            return try await transport.send(request)
        } catch {
            if Task.isCancelled || error is CancellationError || (error as? URLError)?.code == .cancelled {
                throw CancellationError()
            }
            if error is LCError { throw error }
            throw LCError.transport(error)
        }
    }

    /// `X-LC-Id` and a fresh `X-LC-Sign` (`md5(timestamp + key),timestamp[,master]`).
    public func signedHeaders(master: Bool = false) -> [String: String] {
        let timestamp = LCDate.now().millisecondsSince1970
        let useMaster = master && masterKey != nil
        let sign = LCRequestSignature.make(key: useMaster ? masterKey ?? key : key, timestamp: timestamp, master: useMaster)
        return [LCHeaderName.id: id, LCHeaderName.sign: sign, "Accept": "application/json"]
    }

    /// `serverURL` + `path` + the encoded query.
    func url(path: String, query: [(String, String)]) throws -> URL {
        var text = serverURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += path.hasPrefix("/") ? path : "/" + path
        if !query.isEmpty {
            text += "?" + LCQueryEncoding.encode(query)
        }
        guard let url = URL(string: text) else {
            throw LCError(code: .invalidResponse, message: "Cannot build a URL from \(text)")
        }
        return url
    }
}

/// Percent-encoding for query components: everything but RFC 3986 unreserved characters.
enum LCQueryEncoding {
    static let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// `a=1&b=x%40y`: the query string, and the `application/x-www-form-urlencoded` body.
    static func encode(_ fields: [(String, String)]) -> String {
        fields.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
    }
}

// MARK: - Form bodies

/// `application/x-www-form-urlencoded` bodies (the `/api` and `/oauth` flows).
enum LCFormEncoding {
    static let contentType = "application/x-www-form-urlencoded"

    static func encode(_ fields: [(String, String)]) -> Data {
        Data(LCQueryEncoding.encode(fields).utf8)
    }
}
