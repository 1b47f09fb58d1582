import EmuHTTP
import Testing

/// Path and query decoding of the request-target.
@Suite("Target decoding")
struct TargetDecodingTests {
    func parse(_ target: String) -> Transcript {
        transcript(of: [bytes("GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n")])
    }

    @Test(arguments: [
        ("/", "/"),
        ("/1.1/classes/Post/5f1a", "/1.1/classes/Post/5f1a"),
        ("/%41%62%63", "/Abc"),
        ("/a%2fb", "/a/b"),
        ("/sp%20ace+plus", "/sp ace+plus"),
        ("/%25", "/%"),
        ("/%F0%9F%98%80", "/\u{1F600}"),
        ("//double", "//double"),
        ("/q?x=%zz", "/q"),
    ])
    func path_isPercentDecoded(target: String, path: String) {
        #expect(parse(target).requests.first?.path == path)
    }

    @Test(arguments: ["/%", "/%2", "/%G0", "/%C3", "/%C3%28", "/%ED%A0%80", "/%FF%FE"])
    func invalidPathEncoding_isABadRequest(target: String) {
        #expect(parse(target).failureStatus == 400)
    }

    @Test(arguments: [
        ("a=1", [Field("a", "1")]),
        ("a", [Field("a", "")]),
        ("a=", [Field("a", "")]),
        ("a+b=c+d", [Field("a b", "c d")]),
        ("k=%2B%26%3D", [Field("k", "+&=")]),
        ("x=%E4%BD%A0%E5%A5%BD", [Field("x", "你好")]),
        ("x=%FF", [Field("x", "\u{FFFD}")]),
        ("x=50%25&y=50%", [Field("x", "50%"), Field("y", "50%")]),
        ("a=1&a=2&a=1", [Field("a", "1"), Field("a", "2"), Field("a", "1")]),
        ("&&", []),
    ])
    func query_isSplitAndDecoded(query: String, pairs: [Field]) {
        #expect(parse("/p?" + query).requests.first?.query == pairs)
    }

    @Test func rawTarget_isKeptAsSent() {
        let target = "/a%20b?c=d+e&f"
        #expect(parse(target).requests.first?.target == target)
    }

    @Test func queryValue_findsTheFirstValue() throws {
        var parser = HTTPRequestParser()
        parser.append(contentsOf: bytes("GET /?limit=10&limit=20 HTTP/1.1\r\nHost: a\r\n\r\n"))
        guard case .request(let request) = try parser.next() else {
            Issue.record("expected a request")
            return
        }
        #expect(request.queryValue("limit") == "10")
    }
}
