import EmuHTTP

/// Table rows exactly at each limit and one byte past it.
extension ParserCase {
    /// Small limits, so that rows stay readable.
    static let smallLimits = HTTPParserLimits(maxRequestLineBytes: 40, maxHeaderBytes: 60, maxBodyBytes: 10)

    static let limitRows: [ParserCase] = [
        .ok("request line exactly at the limit", requestLine(length: 40) + "\r\nHost: a\r\n\r\n",
            limits: smallLimits, path: "/" + String(repeating: "a", count: 26)),
        .fails("request line one past the limit", requestLine(length: 41) + "\r\nHost: a\r\n\r\n",
               status: 414, limits: smallLimits),
        .ok("request line at the limit with bare LF", requestLine(length: 40) + "\nHost: a\n\n",
            limits: smallLimits, path: "/" + String(repeating: "a", count: 26)),
        .fails("request line one past the limit with bare LF", requestLine(length: 41) + "\nHost: a\n\n",
               status: 414, limits: smallLimits),
        .fails("skipped empty lines count toward the request line",
               String(repeating: "\r\n", count: 10) + requestLine(length: 30) + "\r\nHost: a\r\n\r\n",
               status: 414, limits: smallLimits),
        .ok("field lines exactly at the limit", "GET / HTTP/1.1\r\n" + fieldLines(length: 60) + "\r\n",
            limits: smallLimits, headers: [Field("X-Pad", String(repeating: "p", count: 42))]),
        .fails("field lines one past the limit", "GET / HTTP/1.1\r\n" + fieldLines(length: 61) + "\r\n",
               status: 431, limits: smallLimits),
        .ok("Content-Length exactly at the body limit",
            "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n0123456789",
            limits: smallLimits, method: "POST", body: "0123456789"),
        .fails("Content-Length one past the body limit",
               "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\n0123456789a", status: 413, limits: smallLimits),
        .fails("Content-Length past the limit is refused without its body",
               "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1000000\r\n\r\n", status: 413, limits: smallLimits),
        .ok("chunked body exactly at the body limit", chunked("6\r\n012345\r\n4\r\n6789\r\n0\r\n\r\n"),
            limits: smallLimits, method: "POST", body: "0123456789"),
        .fails("chunked body one past the body limit", chunked("6\r\n012345\r\n5\r\n6789a\r\n0\r\n\r\n"),
               status: 413, limits: smallLimits),
        .fails("single chunk past the body limit", chunked("FFFFFF\r\n"), status: 413, limits: smallLimits),
        // Head fields: 9 (Host) + 28 (Transfer-Encoding) = 37; trailers may add up to 23 bytes.
        .ok("trailers exactly at the header limit",
            chunked("0\r\nX-T: " + String(repeating: "t", count: 16) + "\r\n\r\n"),
            limits: smallLimits, method: "POST"),
        .fails("trailers one past the header limit",
               chunked("0\r\nX-T: " + String(repeating: "t", count: 17) + "\r\n\r\n"),
               status: 431, limits: smallLimits),
    ]
}
