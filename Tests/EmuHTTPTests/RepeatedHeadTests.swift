import EmuHTTP
import Testing

/// A request that repeats the previous one's head on its connection shares its strings
/// (`RepeatedHead`); whatever repeats or changes, each request reads exactly as sent.
@Suite("Repeated heads")
struct RepeatedHeadTests {
    static let first = "GET /1.1/classes/Post/65a1f0c0e4b0a1d2c3f50001 HTTP/1.1\r\nHost: a\r\nX-LC-Id: lcemu-dev-app-id-long\r\n"
        + "X-LC-Sign: 0123456789abcdef0123456789abcdef,1700000000000\r\n\r\n"

    /// The requests of `raw`, parsed one after another by one parser.
    func requests(_ raw: String...) throws -> [HTTPRequest] { try requestsParsedOneByOne(raw) }

    func fields(_ request: HTTPRequest) -> [String] { request.headers.fields.map { "\($0.name): \($0.value)" } }

    @Test func identicalRequests_readTheSame() throws {
        let all = try requests(Self.first, Self.first, Self.first)
        #expect(all.count == 3)
        for request in all {
            #expect(request.path == "/1.1/classes/Post/65a1f0c0e4b0a1d2c3f50001")
            #expect(request.target == request.path)
            #expect(fields(request) == fields(all[0]))
            #expect(request.headers["x-lc-sign"] == "0123456789abcdef0123456789abcdef,1700000000000")
        }
    }

    /// A whole repeat is the previous request's value again: a change to one copy is its own.
    @Test func identicalRequests_changedOne_leavesTheOthers() throws {
        var all = try requests(Self.first, Self.first, Self.first)
        all[1].headers.set("X-LC-Sign", "changed")
        all[1].method = "DELETE"
        #expect(all[0].headers["X-LC-Sign"] == "0123456789abcdef0123456789abcdef,1700000000000")
        #expect(all[2].headers["X-LC-Sign"] == "0123456789abcdef0123456789abcdef,1700000000000")
        #expect(all[0].method == "GET" && all[2].method == "GET")
        #expect(all[1].headers["X-LC-Sign"] == "changed")
    }

    @Test func aChangedVersion_isReadAnew_withTheSameLineAndFields() throws {
        let http10 = Self.first.replacingOccurrences("HTTP/1.1", "HTTP/1.0")
        let all = try requests(Self.first, http10, Self.first)
        #expect(all.map(\.version) == [.http1_1, .http1_0, .http1_1])
        #expect(all.map(\.keepAlive) == [true, false, true])
        #expect(fields(all[1]) == fields(all[0]))
    }

    @Test func oneChangedField_isReadAnew_andTheOthersStay() throws {
        let changed = Self.first.replacingOccurrences("1700000000000", "1700000000001")
        let all = try requests(Self.first, changed, Self.first)
        #expect(all[1].headers["X-LC-Sign"] == "0123456789abcdef0123456789abcdef,1700000000001")
        #expect(all[1].headers["X-LC-Id"] == "lcemu-dev-app-id-long")
        #expect(all[1].headers.count == 3)
        #expect(all[2].headers["X-LC-Sign"] == "0123456789abcdef0123456789abcdef,1700000000000")
    }

    @Test func fewerAndMoreFields_thanThePreviousRequest() throws {
        let fewer = "GET /1.1/classes/Post/65a1f0c0e4b0a1d2c3f50001 HTTP/1.1\r\nHost: a\r\n\r\n"
        let more = Self.first.replacingOccurrences("\r\n\r\n", "\r\nX-LC-Session: a-session-token-of-some-length\r\n\r\n")
        let all = try requests(Self.first, fewer, Self.first, more)
        #expect(fields(all[1]) == ["Host: a"])
        #expect(fields(all[2]) == fields(all[0]))
        #expect(fields(all[3]) == fields(all[0]) + ["X-LC-Session: a-session-token-of-some-length"])
    }

    @Test func sameValueUnderAnotherName_isNotTheSameField() throws {
        let renamed = Self.first.replacingOccurrences("X-LC-Id:", "X-LC-Ix:")
        let all = try requests(Self.first, renamed)
        #expect(all[1].headers["X-LC-Id"] == nil)
        #expect(all[1].headers["X-LC-Ix"] == "lcemu-dev-app-id-long")
    }

    @Test func changedTarget_orMethod_isParsedAnew() throws {
        let other = Self.first.replacingOccurrences("50001", "50002?keys=title&x=%20y")
        let post = Self.first.replacingOccurrences("GET ", "DELETE ")
        let all = try requests(Self.first, other, post)
        #expect(all[1].path == "/1.1/classes/Post/65a1f0c0e4b0a1d2c3f50002")
        #expect(all[1].queryValue("keys") == "title")
        #expect(all[1].queryValue("x") == " y")
        #expect(all[2].method == "DELETE")
        #expect(all[2].query.isEmpty)
    }

    @Test func anAsteriskTarget_isRefusedAfterOptions_asAlone() throws {
        var parser = HTTPRequestParser()
        parser.append(contentsOf: Array("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\nGET * HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
        guard case .request(let options) = try parser.next() else {
            Issue.record("expected the OPTIONS request")
            return
        }
        #expect(options.path == "*")
        #expect(throws: HTTPParseError.self) { try parser.next() }
    }

    @Test func aLargeHead_isNotKept_andTheNextRequestReadsTheSame() throws {
        let large = Self.first.replacingOccurrences("\r\n\r\n", "\r\nX-Padding: \(String(repeating: "p", count: 5_000))\r\n\r\n")
        let all = try requests(large, large, Self.first)
        #expect(all[1].headers["X-Padding"]?.utf8.count == 5_000)
        #expect(fields(all[1]) == fields(all[0]))
        #expect(fields(all[2]) == fields(try requests(Self.first)[0]))
    }

    @Test func aBody_afterTheSameHeadWithout_isItsOwn() throws {
        let get = "GET /x HTTP/1.1\r\nHost: a\r\n\r\n"
        let chunked = "GET /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
        let all = try requests(get, get, chunked, get)
        #expect(all.map { String(decoding: $0.body, as: UTF8.self) } == ["", "", "hello", ""])
        #expect(all.map(\.headers.count) == [1, 1, 2, 1])
    }

    @Test func aRepeatedContentLength_stillFramesTheBody() throws {
        let post = "POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello"
        let all = try requests(post, post, post.replacingOccurrences("hello", "world"))
        #expect(all.map { String(decoding: $0.body, as: UTF8.self) } == ["hello", "hello", "world"])
    }

    /// A repeat is judged on the line's bytes: the same field with other whitespace is read anew,
    /// to the same value.
    @Test func theSameField_withOtherWhitespace_readsTheSame() throws {
        let spaced = Self.first.replacingOccurrences("Host: a", "Host:\t a  ")
        let all = try requests(Self.first, spaced, Self.first)
        #expect(all.map { $0.headers["Host"] } == ["a", "a", "a"])
        #expect(fields(all[1]) == fields(all[0]) && fields(all[2]) == fields(all[0]))
    }

    /// Fields after a changed one that repeat the previous head's at their place, and a later
    /// request that repeats the changed head.
    @Test func repeatsAfterAChange_andOfTheChangedHead() throws {
        let changed = Self.first.replacingOccurrences("Host: a", "Host: b")
        let all = try requests(Self.first, changed, changed, Self.first)
        #expect(all.map { $0.headers["Host"] } == ["a", "b", "b", "a"])
        #expect(all.map { $0.headers["X-LC-Id"] } == Array(repeating: "lcemu-dev-app-id-long", count: 4))
        #expect(all.allSatisfy { $0.headers.count == 3 })
    }

    /// A repeated Host line still counts as the request's Host: two of them are refused.
    @Test func aRepeatedHostLine_stillCountsAsHost() throws {
        let twice = Self.first.replacingOccurrences("Host: a\r\n", "Host: a\r\nHost: a\r\n")
        #expect(throws: HTTPParseError.self) { try requests(Self.first, twice) }
    }

    /// A head with fewer fields than the previous one, then one that repeats the previous in full.
    @Test func aShorterHead_thenTheFullOne_readTheirOwnFields() throws {
        let shorter = "GET /1.1/classes/Post/65a1f0c0e4b0a1d2c3f50001 HTTP/1.1\r\nHost: a\r\nX-LC-Id: lcemu-dev-app-id-long\r\n\r\n"
        let all = try requests(Self.first, shorter, shorter, Self.first)
        #expect(all.map(\.headers.count) == [3, 2, 2, 3])
        #expect(all[3].headers["X-LC-Sign"] == "0123456789abcdef0123456789abcdef,1700000000000")
    }
}

private extension String {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
