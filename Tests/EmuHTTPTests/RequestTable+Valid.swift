import EmuHTTP

/// Table rows that parse into one request.
extension ParserCase {
    static let valid: [ParserCase] = startLines + targets + bodies + fieldSyntax

    static let startLines: [ParserCase] = [
        .ok("simple GET", "GET / HTTP/1.1\r\nHost: example.com\r\n\r\n",
            headers: [Field("host", "example.com")]),
        .ok("LeanCloud-style GET with headers",
            "GET /1.1/classes/Post HTTP/1.1\r\nHost: a\r\nX-LC-Id: app\r\nX-LC-Key: key,master\r\n\r\n",
            path: "/1.1/classes/Post", headers: [Field("X-LC-Id", "app"), Field("x-lc-key", "key,master")]),
        .ok("HTTP/1.0 without Host", "GET /index HTTP/1.0\r\n\r\n", path: "/index", version: .http1_0),
        .ok("HTTP/1.0 with Host", "GET / HTTP/1.0\r\nHost: a\r\n\r\n", version: .http1_0),
        .ok("HTTP/1.2 is read as 1.1", "GET / HTTP/1.2\r\nHost: a\r\n\r\n", version: .http1_1),
        .ok("HTTP/1.9 is read as 1.1", "GET / HTTP/1.9\r\nHost: a\r\n\r\n", version: .http1_1),
        .ok("method is kept as sent", "get / HTTP/1.1\r\nHost: a\r\n\r\n", method: "get"),
        .ok("extension method with token characters", "M-SEARCH /x HTTP/1.1\r\nHost: a\r\n\r\n",
            method: "M-SEARCH", path: "/x"),
        .ok("leading CRLFs are skipped", "\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n"),
        .ok("leading bare LF is skipped", "\nGET / HTTP/1.1\r\nHost: a\r\n\r\n"),
        .ok("bare LF line endings", "GET /lf HTTP/1.1\nHost: a\nX-A: b\n\n",
            path: "/lf", headers: [Field("X-A", "b")]),
    ]

    static let targets: [ParserCase] = [
        .ok("absolute-form uses path and query",
            "GET http://example.com:8080/1.1/date?x=1 HTTP/1.1\r\nHost: example.com\r\n\r\n",
            path: "/1.1/date", query: [Field("x", "1")]),
        .ok("absolute-form without path means slash", "GET http://example.com HTTP/1.1\r\nHost: h\r\n\r\n"),
        .ok("absolute-form with query but no path", "GET http://h?a=b HTTP/1.1\r\nHost: h\r\n\r\n",
            query: [Field("a", "b")]),
        .ok("absolute-form scheme is case-insensitive", "GET HTTPS://h/x HTTP/1.1\r\nHost: h\r\n\r\n",
            path: "/x"),
        .ok("asterisk-form OPTIONS", "OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n", method: "OPTIONS", path: "*"),
        .ok("percent-encoded path is decoded",
            "GET /files/hello%20world%2Fx%e4%BD%A0 HTTP/1.1\r\nHost: a\r\n\r\n", path: "/files/hello world/x你"),
        .ok("plus in path stays plus", "GET /a+b HTTP/1.1\r\nHost: a\r\n\r\n", path: "/a+b"),
        .ok("query with plus and percent escapes",
            "GET /q?where=%7B%22a%22%3A1%7D&q=a+b%2Bc HTTP/1.1\r\nHost: a\r\n\r\n",
            path: "/q", query: [Field("where", "{\"a\":1}"), Field("q", "a b+c")]),
        .ok("duplicate query names keep order", "GET /?a=1&b=x&a=2&c HTTP/1.1\r\nHost: a\r\n\r\n",
            query: [Field("a", "1"), Field("b", "x"), Field("a", "2"), Field("c", "")]),
        .ok("invalid query escapes are kept literally", "GET /?x=100%&y=%zz&z=%4 HTTP/1.1\r\nHost: a\r\n\r\n",
            query: [Field("x", "100%"), Field("y", "%zz"), Field("z", "%4")]),
        .ok("empty query parts are skipped", "GET /?&a=1&&=v&b=c=d& HTTP/1.1\r\nHost: a\r\n\r\n",
            query: [Field("a", "1"), Field("", "v"), Field("b", "c=d")]),
        .ok("empty query", "GET /path? HTTP/1.1\r\nHost: a\r\n\r\n", path: "/path"),
        .ok("unencoded JSON in query is tolerated", "GET /?where={\"a\":[1]} HTTP/1.1\r\nHost: a\r\n\r\n",
            query: [Field("where", "{\"a\":[1]}")]),
    ]

    static let bodies: [ParserCase] = [
        .ok("POST with Content-Length",
            "POST /1.1/classes/Post HTTP/1.1\r\nHost: a\r\nContent-Length: 13\r\n\r\n{\"title\":\"x\"}",
            method: "POST", path: "/1.1/classes/Post", headers: [Field("Content-Length", "13")],
            body: "{\"title\":\"x\"}"),
        .ok("Content-Length zero", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n", method: "POST"),
        .ok("Content-Length with leading zeros and OWS",
            "PUT / HTTP/1.1\r\nHost: a\r\nContent-Length: \t 0005  \r\n\r\nhello", method: "PUT", body: "hello"),
        .ok("chunked body", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n",
            method: "POST", headers: [Field("Transfer-Encoding", "chunked")], body: "hello world"),
        .ok("chunked with extensions", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;name=value\r\nhello\r\n1 ; a = \"q\\\"x; y\" ;b\r\n!\r\n0;last\r\n\r\n",
            method: "POST", body: "hello!"),
        .ok("chunked with trailers", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "3\r\nabc\r\n0\r\nX-Checksum: 900150983cd24fb0\r\nX-Other: 1\r\n\r\n",
            method: "POST", body: "abc"),
        .ok("chunked zero-length body", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            method: "POST"),
        .ok("chunked hex sizes with leading zeros and upper case",
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\n00A\r\n0123456789\r\n0000\r\n\r\n",
            method: "POST", body: "0123456789"),
        .ok("chunked among empty list elements", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: , CHUNKED ,\r\n\r\n"
            + "2\r\nok\r\n0\r\n\r\n", method: "POST", body: "ok"),
        .ok("chunked with bare LF lines", "POST / HTTP/1.1\nHost: a\nTransfer-Encoding: chunked\n\n5\nhello\n0\n\n",
            method: "POST", body: "hello"),
        .ok("binary body bytes", bytes("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\n") + [0, 0x0D, 0x0A, 0xFF],
            method: "POST", body: [0, 0x0D, 0x0A, 0xFF]),
        .ok("other Expect values are ignored",
            "POST / HTTP/1.1\r\nHost: a\r\nExpect: something\r\nContent-Length: 2\r\n\r\nhi", method: "POST", body: "hi"),
    ]

    static let fieldSyntax: [ParserCase] = [
        .ok("field value is trimmed of OWS", "GET / HTTP/1.1\r\nHost: a\r\nX-A: \t a  b \t\r\n\r\n",
            headers: [Field("x-a", "a  b")]),
        .ok("empty field value", "GET / HTTP/1.1\r\nHost: a\r\nX-Empty:\r\nX-Blank:   \r\n\r\n",
            headers: [Field("X-Empty", ""), Field("X-Blank", "")]),
        .ok("field name case is kept and looked up case-insensitively", "GET / HTTP/1.1\r\nhOsT: a\r\nx-lc-ID: v\r\n\r\n",
            headers: [Field("Host", "a"), Field("X-LC-Id", "v")]),
        .ok("obs-text in field value is allowed", "GET / HTTP/1.1\r\nHost: a\r\nX-Name: caf\u{E9}\r\n\r\n",
            headers: [Field("X-Name", "caf\u{E9}")]),
        .ok("colon inside field value", "GET / HTTP/1.1\r\nHost: a:8080\r\nX-Time: 12:30:00\r\n\r\n",
            headers: [Field("Host", "a:8080"), Field("X-Time", "12:30:00")]),
    ]
}
