/// An HTTP response. `Content-Length` and `Date` are added by the encoder.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// A body written as it is produced (server-sent events), in place of `body`: `HTTPStream`.
    public var stream: HTTPStream?

    public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response with a UTF-8 text body and the given content type.
    public init(status: Int, contentType: String, body: String, headers: HTTPHeaders = [:]) {
        var headers = headers
        headers.set("Content-Type", contentType)
        self.init(status: status, headers: headers, body: Array(body.utf8))
    }
}

// MARK: - HTTPStatus, the reason phrases

/// Reason phrases for the status codes this server sends (RFC 9110 §15).
public enum HTTPStatus {
    public static func reasonPhrase(_ code: Int) -> String {
        switch code {
        case 100: return "Continue"
        case 200: return "OK"
        case 201: return "Created"
        case 204: return "No Content"
        case 206: return "Partial Content"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 415: return "Unsupported Media Type"
        case 417: return "Expectation Failed"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status \(code)"
        }
    }
}
