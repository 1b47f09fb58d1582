extension HTTPRequestParser {
    /// Reads as much body as is buffered; reports the request once it is complete.
    mutating func readBody() throws(HTTPParseError) -> HTTPParserEvent? {
        let body: [UInt8]?
        switch head.framing {
        case .none:
            body = []
        case .length(let length):
            // RFC 9112 §6.2: exactly Content-Length octets; anything after belongs to the next request.
            if buffer.count - readIndex >= length {
                body = Array(buffer[readIndex..<readIndex + length])
                consume(upTo: readIndex + length)
            } else {
                body = nil
            }
        case .chunked:
            body = try decodeChunkedBody()
        }
        if let body { return .request(finishRequest(body: body)) }
        // RFC 9110 §10.1.1: answer 100 only while the body is still awaited, and only once.
        if head.expectsContinue && !head.continueReported {
            head.continueReported = true
            return .continueExpected
        }
        return nil
    }

    /// Builds the request from the pending head and readies the parser for the next one.
    mutating func finishRequest(body: [UInt8]) -> HTTPRequest {
        let fields = head.allFields(repeating: previous)
        let request = HTTPRequest(
            method: head.method, target: head.target, path: head.path, query: head.query,
            version: head.version, headers: HTTPHeaders(fields), body: body, isSecure: isSecure)
        // A large head is not kept: an idle connection must not hold up to the head limit for nothing.
        previous = head.headerBytes + head.target.utf8.count > RepeatedHead.maxKeptBytes ? RepeatedHead()
            : RepeatedHead(method: head.method, target: head.target, path: head.path, query: head.query, fields: fields)
        head = PendingHead()
        stage = .requestLine
        return request
    }
}
