import EmuTestSupport
import EmuTesting
import Foundation
import LCWire
import Testing

/// Queries over the seeded `Post` class, through the API.
@Suite struct QueryAPITests {
    let emulator: TestServer
    init() throws { emulator = try TestServer.start(seeded: true) }

    private func query(_ parameters: String, credentials: TestClient.Credentials = .appKey) throws -> TestClient.Response {
        try emulator.inProcessClient(credentials: credentials).get("/1.1/classes/Post?" + parameters)
    }

    @Test func countOnly_withLimitZero() throws {
        // Master sees the 8 private posts too (spec §6.2); AccessQueryTests covers the ACL side.
        let response = try query("count=1&limit=0&where=" + encoded(#"{"published":false}"#), credentials: .masterKey)
        #expect(response.text == #"{"results":[],"count":6}"#)
    }

    @Test func defaultLimit_is100_andOutOfRangeLimitsBecome100() throws {
        #expect(try query("limit=5").json?["results"]?.arrayValue?.count == 5)
        #expect(try query("limit=0", credentials: .masterKey).json?["results"]?.arrayValue?.count == 40)
        #expect(try query("limit=5000", credentials: .masterKey).json?["results"]?.arrayValue?.count == 40)
    }

    @Test func order_andSkip_page() throws {
        let first = try query("order=-views&limit=3").json?["results"]?.arrayValue ?? []
        let views = first.compactMap { $0["views"]?.doubleValue }
        #expect(views == views.sorted(by: >) && views.count == 3)
        let second = try query("order=-views&limit=3&skip=1").json?["results"]?.arrayValue ?? []
        #expect(second.first?["objectId"] == first[1]["objectId"])
    }

    @Test func malformedWhere_is107() throws {
        let response = try query("where=" + encoded("{not json"))
        #expect(response.status == 400)
        #expect(response.json?["code"] == 107)
    }

    @Test func unknownOperator_is1() throws {
        #expect(try query("where=" + encoded(#"{"views":{"$near":1}}"#)).json?["code"] == 1)
    }

    @Test func unknownClass_answersEmptyResults() throws {
        let response = try emulator.inProcessClient().get("/1.1/classes/Nothing")
        #expect(response.text == #"{"results":[]}"#)
    }

    @Test func cql_selectsWithPlaceholders() throws {
        let cql = encoded("select title from Post where views > ? order by views desc limit 2")
        let response = try emulator.inProcessClient().get("/1.1/cloudQuery?cql=\(cql)&pvalues=" + encoded("[100]"))
        let results = try #require(response.json?["results"]?.arrayValue)
        #expect(results.count == 2)
        #expect(results[0]["desc"] == nil && results[0]["title"] != nil)
        #expect(response.json?["className"] == "Post")
    }

    /// The Python SDK encodes a list of values twice, and sends `"[]"` for a statement without `?`.
    @Test func cql_acceptsPvaluesEncodedTwice_andWithoutPlaceholders() throws {
        let cql = encoded("select title from Post where views > ? order by views desc limit 2")
        let twice = try emulator.inProcessClient().get("/1.1/cloudQuery?cql=\(cql)&pvalues=" + encoded(#""[100]""#))
        #expect(twice.json?["results"]?.arrayValue?.count == 2)
        let plain = encoded("select title from Post limit 1")
        let unused = try emulator.inProcessClient().get("/1.1/cloudQuery?cql=\(plain)&pvalues=" + encoded(#""[]""#))
        #expect(unused.json?["results"]?.arrayValue?.count == 1)
        let notAnArray = try emulator.inProcessClient().get("/1.1/cloudQuery?cql=\(cql)&pvalues=" + encoded(#""7""#))
        #expect(notAnArray.json?["code"] == 300)
    }

    @Test func cql_countAlone() throws {
        let response = try emulator.inProcessClient(credentials: .masterKey)
            .get("/1.1/cloudQuery?cql=" + encoded("select count(*) from Post"))
        #expect(response.text == #"{"results":[],"count":40,"className":"Post"}"#)
    }

    @Test func cql_otherStatements_are300() throws {
        let response = try emulator.inProcessClient().get("/1.1/cloudQuery?cql=" + encoded("delete from Post where objectId = 'x'"))
        #expect(response.json?["code"] == 300)
    }

    @Test func scan_walksTheWholeClassWithACursor() throws {
        var seen: [String] = []
        var cursor: String?
        repeat {
            let suffix = cursor.map { "&cursor=" + encoded($0) } ?? ""
            let response = try emulator.inProcessClient(credentials: .masterKey).get("/1.1/scan/classes/Post?limit=15" + suffix)
            seen += response.json?["results"]?.arrayValue?.compactMap { $0["objectId"]?.stringValue } ?? []
            cursor = response.json?["cursor"]?.stringValue
        } while cursor != nil
        #expect(seen.count == 40 && seen == seen.sorted())
    }

    @Test func scan_needsTheMasterKey() throws {
        #expect(try emulator.inProcessClient().get("/1.1/scan/classes/Post").status == 401)
    }
}

/// Queries over a real socket, and relation queries.
@Suite struct LiveQueryTests {
    @Test func relationQuery_withRedirect_answersTargetClass() throws {
        let emulator = try TestServer.start()
        let client = emulator.client(credentials: .signedAppKey)
        let tag = try #require(client.post("/1.1/classes/Tag", json: ["name": "swift"]).json?["objectId"]?.stringValue)
        let post = try #require(client.post("/1.1/classes/Post", json: [
            "title": "t", "tags": ["__op": "AddRelation", "objects": [["__type": "Pointer", "className": "Tag", "objectId": .string(tag)]]],
        ]).json?["objectId"]?.stringValue)
        let whereText = #"{"$relatedTo":{"object":{"__type":"Pointer","className":"Post","objectId":"\#(post)"},"key":"tags"}}"#
        let encoded = whereText.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let response = try client.get("/1.1/classes/Post?redirectClassNameForKey=tags&where=\(encoded)")
        #expect(response.json?["className"] == "Tag")
        #expect(response.json?["results"]?[0]?["objectId"] == .string(tag))
        let reverse = try client.get("/1.1/classes/Post?where=" + (#"{"tags":{"__type":"Pointer","className":"Tag","objectId":"\#(tag)"}}"#
            .addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        #expect(reverse.json?["results"]?[0]?["objectId"] == .string(post))
    }

    @Test func createdObjects_areFoundByIndexedQueries() throws {
        let emulator = try TestServer.start()
        let client = emulator.client()
        for n in 0..<30 { _ = try client.post("/1.1/classes/Score", json: ["n": .number(Double(n)), "even": .bool(n % 2 == 0)]) }
        let whereText = #"{"n":{"$gte":10},"even":true}"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let response = try client.get("/1.1/classes/Score?where=\(whereText)&order=-n&limit=3&count=1")
        #expect(response.json?["count"] == 10)
        #expect(response.json?["results"]?.arrayValue?.compactMap { $0["n"]?.intValue } == [28, 26, 24])
    }
}
