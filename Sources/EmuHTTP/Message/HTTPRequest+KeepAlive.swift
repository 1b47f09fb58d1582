import Primitives

extension HTTPRequest {
    /// Whether the connection stays open after this request (RFC 9112 §9.3): `close` among the
    /// `Connection` tokens ends an HTTP/1.1 one, `keep-alive` keeps an HTTP/1.0 one. Read in
    /// place, without arrays: every request asks.
    public var keepAlive: Bool {
        let http11 = version.major == 1 && version.minor >= 1
        for field in headers.fields where field.name.asciiCaseInsensitiveEquals("Connection") {
            for token in field.value.split(separator: ",") {
                let word = String(token.trimmingSpaces())
                if http11 && word.asciiCaseInsensitiveEquals("close") { return false }
                if !http11 && word.asciiCaseInsensitiveEquals("keep-alive") { return true }
            }
        }
        return http11
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}
