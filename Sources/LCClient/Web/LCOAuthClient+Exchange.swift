import Foundation
import LCWire

extension LCOAuthClient {
    /// One call with the current bearer token.
    func exchange(_ method: String, _ path: String, body: Data?, contentType: String?) async throws -> LCHTTPResponse {
        var request = LCHTTPRequest(method: method, url: try url(path), headers: headers, body: body)
        if let tokens { request.headers["Authorization"] = "Bearer " + tokens.accessToken }
        if let contentType { request.headers["Content-Type"] = contentType }
        try Task.checkCancellation()
        return try await transport.send(request)
    }

    /// Posts a grant to the token endpoint with HTTP Basic client authentication.
    func requestTokens(_ grant: [(String, String)]) async throws -> LCOAuthTokens {
        let basic = Data("\(clientId):\(clientSecret)".utf8).base64EncodedString()
        let request = LCHTTPRequest(method: "POST", url: try url(tokenPath), headers: [
            "Authorization": "Basic " + basic, "Content-Type": LCFormEncoding.contentType, "Accept": "application/json",
        ], body: LCFormEncoding.encode(grant))
        try Task.checkCancellation()
        let response = try await transport.send(request)
        let json = try? JSONParser.parse([UInt8](response.body))
        guard (200..<300).contains(response.status), let json else {
            throw LCOAuthError(status: response.status, error: json?["error"]?.stringValue,
                               description: json?["error_description"]?.stringValue)
        }
        let issued = try LCOAuthTokens(json: json, receivedAt: now())
        tokens = issued
        return issued
    }

    func url(_ path: String) throws -> URL {
        guard let url = URL(string: path, relativeTo: baseURL)?.absoluteURL else {
            throw LCOAuthError(status: 0, error: "invalid_request", description: "bad path \(path)")
        }
        return url
    }
}
