import EmuTestSupport
import EmuTesting
import Foundation
import LCWire
import Testing

/// The limits one `where` is held to (docs/queries.md, "Limits"), in queries, inner queries and
/// conditional writes: past one, 400 code 1 naming it; up to it, the query is answered.
@Suite struct QueryLimitsTests {
    static func strings(_ count: Int, _ prefix: String = "v") -> String {
        (0..<count).map { "\"\(prefix)\($0)\"" }.joined(separator: ",")
    }

    static func expectInvalid(_ response: TestClient.Response, mentioning words: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == 400, "\(response.text)", sourceLocation: sourceLocation)
        #expect(response.json?["code"] == 1, sourceLocation: sourceLocation)
        #expect(response.json?["error"]?.stringValue?.contains(words) == true, "\(response.text)", sourceLocation: sourceLocation)
    }

    @Test(arguments: ["$in", "$nin", "$all"])
    func aListPastTheLimit_isRefused(op: String) throws {
        let fixture = try QueryAPIFixture.shared.get()
        let response = try fixture.query(where: #"{"tags":{"\#(op)":["# + Self.strings(10_001) + "]}}")
        Self.expectInvalid(response, mentioning: "at most 10000 values")
    }

    @Test func listsUpToTheLimit_areAnswered() throws {
        let fixture = try QueryAPIFixture.shared.get()
        let many = Self.strings(9_998)
        #expect(fixture.names(try fixture.query(where: #"{"tags":{"$in":["# + many + #","yellow","green"]}}"#)) == ["b2", "b5"])
        #expect(fixture.names(try fixture.query(where: #"{"title":{"$nin":["# + many + #","apple","fig"]}}"#)) == ["b2", "b3", "b4", "b5"])
        #expect(fixture.names(try fixture.query(where: #"{"tags":{"$all":["# + many + #","red"]}}"#)) == [])
        let numbers = (100..<10_098).map(String.init).joined(separator: ",")
        #expect(fixture.names(try fixture.query(where: #"{"n":{"$in":["# + numbers + #",2.5,-4]}}"#)) == ["b2", "b4"])
        let ids = Self.strings(9_999, "id")
        #expect(fixture.names(try fixture.query(where: #"{"objectId":{"$in":["# + ids + #","@b3"]}}"#)) == ["b3"])
        let pointers = (0..<199).map { #"{"__type":"Pointer","className":"Author","objectId":"x\#($0)"}"# }.joined(separator: ",")
        #expect(fixture.names(try fixture.query(where: #"{"author":{"$in":["# + pointers + #",@ptr(Author,a2)]}}"#)) == ["b2"])
        #expect(fixture.names(try fixture.query("Shelf", where: #"{"books":{"$in":["# + pointers + #",@ptr(Book,b5)]}}"#)) == ["s1"])
    }

    /// A long `$all` of distinct values asks that the array hold them all; repeats count once.
    @Test func longAll_matchesArraysHoldingEveryValue() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient()
        let tags = JSON.array((0..<100).map { .string("t\($0)") } + (0..<100).map { .number(Double($0)) })
        let id = try client.create("Bag", ["tags": tags, "meta": ["tags": tags]])
        try client.create("Bag", ["tags": .array((0..<99).map { .string("t\($0)") })])
        func ids(_ whereText: String) throws -> [String] {
            let response = try client.get("/1.1/classes/Bag?where=" + encoded(whereText))
            return response.json?["results"]?.arrayValue?.compactMap { $0["objectId"]?.stringValue } ?? [response.text]
        }
        let strings = (0..<100).map { "\"t\($0)\"" }.joined(separator: ",")
        let numbers = (0..<100).map(String.init).joined(separator: ",")
        #expect(try ids(#"{"tags":{"$all":["# + strings + "," + strings + "]}}") == [id])
        #expect(try ids(#"{"tags":{"$all":["# + strings + "," + numbers + "]}}") == [id])
        #expect(try ids(#"{"meta.tags":{"$all":["# + numbers + "]}}") == [id])
        #expect(try ids(#"{"tags":{"$all":["# + strings + #","t100"]}}"#) == [])
        #expect(try ids(#"{"tags":{"$all":["# + numbers + ",100]}}") == [])
        // The same as a long `$and` of equalities on one key.
        let and = (0..<100).map { #"{"tags":"t\#($0)"}"# }.joined(separator: ",")
        #expect(try ids(#"{"$and":["# + and + "]}") == [id])
    }

    @Test func tooManyConditions_areRefused_innerQueriesIncluded() throws {
        let fixture = try QueryAPIFixture.shared.get()
        let keys = { (count: Int) in (0..<count).map { #""f\#($0)":1"# }.joined(separator: ",") }
        #expect(try fixture.query(where: "{" + keys(2_000) + "}").status == 200)
        Self.expectInvalid(try fixture.query(where: "{" + keys(2_001) + "}"), mentioning: "more than 2000 conditions")
        let inner = #""author":{"$inQuery":{"className":"Author","where":{"# + keys(1_500) + "}}},"
        Self.expectInvalid(try fixture.query(where: "{" + inner + keys(501) + "}"), mentioning: "more than 2000 conditions")
        // Values that compile one by one (Dates here) count as conditions.
        let dates = (0..<2_001).map { _ in #"{"__type":"Date","iso":"2020-01-01T00:00:00.000Z"}"# }.joined(separator: ",")
        Self.expectInvalid(try fixture.query(where: #"{"when":{"$in":["# + dates + "]}}"), mentioning: "more than 2000 conditions")
    }

    @Test func orAndNestPastTheLimit_isRefused() throws {
        let fixture = try QueryAPIFixture.shared.get()
        func nested(_ levels: Int) -> String {
            var whereText = #"{"n":1}"#
            for level in 0..<levels { whereText = #"{"$\#(level % 2 == 0 ? "or" : "and")":[\#(whereText)]}"# }
            return whereText
        }
        #expect(fixture.names(try fixture.query(where: nested(32))) == ["b1"])
        Self.expectInvalid(try fixture.query(where: nested(33)), mentioning: "too deeply nested")
    }

    /// Redundant parentheses collapse to one condition, so CQL counts their depth itself: a
    /// statement of nested `(` within its 4096 bytes cannot recurse two thousand levels deep.
    @Test func cqlParenthesesPastTheLimit_areRefused() throws {
        let fixture = try QueryAPIFixture.shared.get()
        func cql(_ levels: Int) throws -> TestClient.Response {
            let statement = "select * from Book where " + String(repeating: "(", count: levels) + "n = 1" + String(repeating: ")", count: levels)
            return try fixture.emulator.inProcessClient().get("/1.1/cloudQuery?cql=" + encoded(statement))
        }
        #expect(fixture.names(try cql(32)) == ["b1"])
        Self.expectInvalid(try cql(33), mentioning: "too deeply nested")
        Self.expectInvalid(try cql(2_000), mentioning: "too deeply nested")
    }

    /// Every `$or`/`$and` branch costs at least one condition, even one that tests nothing.
    @Test func manyBranches_areRefused_evenEmptyOnes() throws {
        let fixture = try QueryAPIFixture.shared.get()
        let empty = Array(repeating: "{}", count: 20_001).joined(separator: ",")
        Self.expectInvalid(try fixture.query(where: #"{"$or":["# + empty + "]}"), mentioning: "more than 2000 conditions")
        Self.expectInvalid(try fixture.query(where: #"{"$and":["# + empty + "]}"), mentioning: "more than 2000 conditions")
        Self.expectInvalid(try fixture.query(where: "[" + empty + "]"), mentioning: "more than 2000 conditions")
        let distinct = (0..<20_001).map { #"{"f\#($0)":1}"# }.joined(separator: ",")
        Self.expectInvalid(try fixture.query(where: #"{"$or":["# + distinct + "]}"), mentioning: "more than 2000 conditions")
        let nested = #"{"$or":["# + Array(repeating: #"{"$or":[{},{}]}"#, count: 1_001).joined(separator: ",") + "]}"
        Self.expectInvalid(try fixture.query(where: nested), mentioning: "more than 2000 conditions")
        #expect(fixture.names(try fixture.query(where: #"{"$and":["# + Array(repeating: "{}", count: 1_999).joined(separator: ",") + #",{"n":1}]}"#)) == ["b1"])
    }

    @Test func aLongRegex_isRefused() throws {
        let fixture = try QueryAPIFixture.shared.get()
        let pattern = String(repeating: "a", count: 4_097)
        Self.expectInvalid(try fixture.query(where: #"{"title":{"$regex":"\#(pattern)"}}"#), mentioning: "longer than 4096 bytes")
    }

    /// A conditional write reads its `where` with the same parser: refused, and nothing changes.
    @Test func conditionalWrite_pastALimit_isRefused_andChangesNothing() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient()
        let id = try client.create("Post", ["n": 1])
        let whereText = #"{"n":{"$in":["# + Self.strings(10_001) + "]}}"
        let response = try client.update("Post", id, ["n": 2], query: "where=" + encoded(whereText))
        Self.expectInvalid(response, mentioning: "at most 10000 values")
        #expect(try client.fetch("Post", id)["n"] == 1)
    }

    /// A query inside `/1.1/batch` is the same query: its item answers the same error.
    @Test func aBatchedQuery_pastALimit_isRefused() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient()
        let whereJSON = try JSONParser.parse(#"{"tags":{"$all":["# + Self.strings(10_001) + "]}}")
        let response = try client.post("/1.1/batch", json: ["requests": [
            ["method": "GET", "path": "/1.1/classes/Post", "params": ["where": .string(whereJSON.jsonString)]],
        ]])
        #expect(response.json?[0]?["error"]?["code"] == 1, "\(response.text.prefix(300))")
        #expect(response.json?[0]?["error"]?["error"]?.stringValue?.contains("at most 10000 values") == true)
    }

    /// Conditional writes match long lists as queries do (set lookups in memory, `holdsAll` in SQL).
    @Test func conditionalWrite_longLists_matchAsQueriesDo() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient()
        let tags = JSON.array((0..<100).map { .string("t\($0)") } + [.number(7)])
        let id = try client.create("Bag", ["tags": tags, "n": 3])
        let present = (0..<100).map { "\"t\($0)\"" }.joined(separator: ",")
        let absent = Self.strings(100, "x")
        for (whereText, matches) in [
            (#"{"tags":{"$in":["# + absent + #","t42"]}}"#, true), (#"{"tags":{"$in":["# + absent + "]}}", false),
            (#"{"n":{"$in":["# + absent + ",3]}}", true), (#"{"n":{"$nin":["# + absent + ",3]}}", false),
            (#"{"tags":{"$all":["# + present + ",7]}}", true), (#"{"tags":{"$all":["# + present + #","x0"]}}"#, false),
        ] {
            let query = try client.get("/1.1/classes/Bag?where=" + encoded(whereText)).json?["results"]?.arrayValue?.count
            #expect(query == (matches ? 1 : 0), "\(whereText.prefix(40))")
            let write = try client.update("Bag", id, ["touched": true], query: "where=" + encoded(whereText))
            #expect(matches ? write.status == 200 : errorCode(write) == 305, "\(whereText.prefix(40)): \(write.text)")
        }
    }
}
