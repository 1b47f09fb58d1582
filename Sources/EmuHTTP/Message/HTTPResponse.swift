/// An HTTP response. `Content-Length` and `Date` are added by the encoder.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]

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
