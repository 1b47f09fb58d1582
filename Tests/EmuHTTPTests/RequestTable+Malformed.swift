import EmuHTTP

/// Table rows that must be refused, by status.
extension ParserCase {
    static let malformed: [ParserCase] = requestLineErrors + fieldErrors + framingErrors + chunkErrors

    static let requestLineErrors: [ParserCase] = [
        .fails("method with a non-token character", "GE(T / HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        .fails("empty method", " / HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        .fails("two spaces after method", "GET  / HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        .fails("space after version", "GET / HTTP/1.1 \r\nHost: a\r\n\r\n", status: 400),
        .fails("missing version", "GET /\r\nHost: a\r\n\r\n", status: 400),
        .fails("lowercase version", "GET / http/1.1\r\nHost: a\r\n\r\n", status: 400),
        .fails("two-digit minor version", "GET / HTTP/1.10\r\nHost: a\r\n\r\n", status: 400),
        .fails("version without minor", "GET / HTTP/1\r\nHost: a\r\n\r\n", status: 400),
        .fails("bare CR ends nothing", "GET / HTTP/1.1\rHost: a\r\n\r\n", status: 400),
        .fails("HTTP/2.0 is not supported", "GET / HTTP/2.0\r\nHost: a\r\n\r\n", status: 505),
        .fails("HTTP/2 preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", status: 505),
        .fails("HTTP/0.9 is not supported", "GET / HTTP/0.9\r\n\r\n", status: 505),
        .fails("control character in target", "GET /a\u{1}b HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        .fails("raw non-ASCII in target", bytes("GET /caf") + [0xC3, 0xA9] + bytes(" HTTP/1.1\r\nHost: a\r\n\r\n"),
               status: 400),
        .fails("relative target", "GET a/b HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        .fails("authority-form", "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com\r\n\r\n", status: 400),
        .fails("asterisk-form with GET", "GET * HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        .fails("absolute-form with userinfo", "GET http://u:p@h/ HTTP/1.1\r\nHost: h\r\n\r\n", status: 400),
        .fails("absolute-form with empty host", "GET http:///x HTTP/1.1\r\nHost: h\r\n\r\n", status: 400),
        .fails("absolute-form with another scheme", "GET ftp://h/x HTTP/1.1\r\nHost: h\r\n\r\n", status: 400),
        .fails("invalid path escape", "GET /a%zz HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        .fails("truncated path escape", "GET /a%4 HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        .fails("path escape that is not UTF-8", "GET /a%FF HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
    ]

    static let fieldErrors: [ParserCase] = [
        .fails("field line without colon", "GET / HTTP/1.1\r\nHost a\r\n\r\n", status: 400),
        .fails("whitespace before colon", "GET / HTTP/1.1\r\nHost : a\r\n\r\n", status: 400),
        .fails("empty field name", "GET / HTTP/1.1\r\nHost: a\r\n: v\r\n\r\n", status: 400),
        .fails("obs-fold", "GET / HTTP/1.1\r\nHost: a\r\nX-A: a\r\n b\r\n\r\n", status: 400),
        .fails("whitespace before the first field", "GET / HTTP/1.1\r\n Host: a\r\n\r\n", status: 400),
        .fails("control character in field value", "GET / HTTP/1.1\r\nHost: a\r\nX-A: a\u{1}b\r\n\r\n", status: 400),
        .fails("NUL in field value", "GET / HTTP/1.1\r\nHost: a\r\nX-A: a\u{0}b\r\n\r\n", status: 400),
        .fails("bare CR in field value", "GET / HTTP/1.1\r\nHost: a\r\nX-A: a\rb\r\n\r\n", status: 400),
        .fails("DEL in field value", "GET / HTTP/1.1\r\nHost: a\r\nX-A: a\u{7F}\r\n\r\n", status: 400),
        .fails("missing Host in HTTP/1.1", "GET / HTTP/1.1\r\nX-A: b\r\n\r\n", status: 400),
        .fails("two Host fields", "GET / HTTP/1.1\r\nHost: a\r\nhost: a\r\n\r\n", status: 400),
        .fails("two Host fields in HTTP/1.0", "GET / HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n", status: 400),
    ]

    static let framingErrors: [ParserCase] = [
        .fails("Transfer-Encoding and Content-Length",
               "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
               status: 400),
        .fails("Content-Length with a sign", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: +5\r\n\r\nhello",
               status: 400),
        .fails("negative Content-Length", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", status: 400),
        .fails("Content-Length with inner space", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1 1\r\n\r\n",
               status: 400),
        .fails("Content-Length list", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5, 5\r\n\r\nhello",
               status: 400),
        .fails("empty Content-Length", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length:\r\n\r\n", status: 400),
        .fails("hex Content-Length", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0x10\r\n\r\n", status: 400),
        .fails("two equal Content-Length fields",
               "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\nhello", status: 400),
        .fails("Content-Length overflow",
               "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999\r\n\r\n", status: 400),
        .fails("chunked applied twice", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked, chunked\r\n\r\n",
               status: 400),
        .fails("empty Transfer-Encoding", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding:\r\n\r\n", status: 400),
        .fails("Transfer-Encoding in HTTP/1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
               status: 400),
        .fails("gzip coding", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n", status: 501),
        .fails("gzip before chunked", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n",
               status: 501),
        .fails("coding split over two fields",
               "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: deflate\r\n\r\n",
               status: 501),
    ]

    static let chunkErrors: [ParserCase] = [
        .fails("chunk size that is not hex", chunked("zz\r\nhello\r\n0\r\n\r\n"), status: 400),
        .fails("empty chunk size", chunked("\r\nhello\r\n0\r\n\r\n"), status: 400),
        .fails("chunk size overflow", chunked("FFFFFFFFFFFFFFFFF\r\nx\r\n0\r\n\r\n"), status: 400),
        .fails("missing CRLF after chunk data", chunked("5\r\nhelloX\r\n0\r\n\r\n"), status: 400),
        .fails("CR without LF after chunk data", chunked("5\r\nhello\rX0\r\n\r\n"), status: 400),
        .fails("chunk extension without name", chunked("5;\r\nhello\r\n0\r\n\r\n"), status: 400),
        .fails("junk after chunk size", chunked("5 x\r\nhello\r\n0\r\n\r\n"), status: 400),
        .fails("unterminated quoted chunk extension", chunked("5;a=\"open\r\nhello\r\n0\r\n\r\n"), status: 400),
        .fails("malformed trailer field", chunked("0\r\nbad trailer\r\n\r\n"), status: 400),
    ]

    /// A chunked POST whose body is `body`, raw.
    static func chunked(_ body: String) -> String {
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n" + body
    }
}
