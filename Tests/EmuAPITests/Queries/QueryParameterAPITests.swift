import EmuTestSupport
import EmuTesting
import LCWire
import Testing

/// `order`, `skip`/`limit`, `count`, `keys` and `include` on `GET /1.1/classes/Book` (spec §3.1),
/// over QueryAPIFixture.
@Suite struct QueryParameterAPITests {
    static let orders: [(String, [String])] = [
        ("-createdAt", ["b6", "b5", "b4", "b3", "b2", "b1"]),
        ("flag", ["b3", "b5", "b6", "b2", "b1", "b4"]),              // ties keep insertion order
        ("-updatedAt", ["b6", "b5", "b4", "b3", "b2", "b1"]),
        ("createdAt", ["b1", "b2", "b3", "b4", "b5", "b6"]),
        ("-n", ["b5", "b6", "b3", "b2", "b1", "b4"]),
        ("title", ["b4", "b1", "b2", "b3", "b5", "b6"]),           // code points: "Date" first
        // Missing first, then false before true; ties broken by the second key.
        ("flag,-n", ["b5", "b6", "b3", "b2", "b1", "b4"]),
        ("-flag,title", ["b4", "b1", "b2", "b3", "b5", "b6"]),
        ("meta.size,title", ["b4", "b5", "b6", "b2", "b1", "b3"]),
        ("when,-createdAt", ["b6", "b5", "b4", "b3", "b1", "b2"]),  // Dates by instant
    ]

    @Test(arguments: orders)
    func order_sortsOnSeveralKeys(order: String, expected: [String]) throws {
        let fixture = try QueryAPIFixture.shared.get()
        #expect(fixture.names(try fixture.query(where: nil, "order=" + order)) == expected)
    }

    @Test func nearSphere_withExplicitOrder_followsTheOrder() throws {
        let fixture = try QueryAPIFixture.shared.get()
        let whereText = #"{"loc":{"$nearSphere":{"__type":"GeoPoint","latitude":39.9,"longitude":116.4}}}"#
        #expect(fixture.names(try fixture.query(where: whereText, "order=-n")) == ["b5", "b2", "b1"])
    }

    @Test(arguments: [
        ("limit=2&skip=1", ["b2", "b3"]), ("limit=2&skip=5", ["b6"]), ("skip=6", []), ("skip=-3&limit=1", ["b1"]),
        ("skip=x&limit=1", ["b1"]), ("limit=1000", ["b1", "b2", "b3", "b4", "b5", "b6"]),
    ])
    func skipAndLimit_page(parameters: String, expected: [String]) throws {
        let fixture = try QueryAPIFixture.shared.get()
        #expect(fixture.names(try fixture.query(where: nil, "order=createdAt&" + parameters)) == expected)
    }

    @Test func limit_above1000OrBelow1_becomes100() throws {
        let emulator = try TestServer.start()
        let client = emulator.inProcessClient()
        for n in 0..<101 { try client.post("/1.1/classes/Many", json: ["n": .number(Double(n))]) }
        func count(_ parameters: String) throws -> Int? {
            try client.get("/1.1/classes/Many?" + parameters).json?["results"]?.arrayValue?.count
        }
        #expect(try count("") == 100)
        #expect(try count("limit=1000") == 101)
        #expect(try count("limit=1001") == 100)
        #expect(try count("limit=0") == 100)
        #expect(try count("limit=-1") == 100)
        #expect(try count("limit=ten") == 100)
        #expect(try count("limit=101&skip=100") == 1)
    }

    @Test func count_ignoresLimitAndSkip_andLimitZeroGivesOnlyTheCount() throws {
        let fixture = try QueryAPIFixture.shared.get()
        let fruit = #"{"tags":"fruit"}"#
        let paged = try fixture.query(where: fruit, "count=1&limit=1&skip=1&order=createdAt")
        #expect(paged.json?["count"] == 3)
        #expect(fixture.names(paged) == ["b2"])
        #expect(try fixture.query(where: fruit, "count=1&limit=0").text == #"{"results":[],"count":3}"#)
        #expect(try fixture.query(where: #"{"n":{"$gt":100}}"#, "count=1").text == #"{"results":[],"count":0}"#)
        #expect(try fixture.query(where: fruit).json?["count"] == nil)
    }

    @Test func keys_selectsFieldsAndDotPaths() throws {
        let fixture = try QueryAPIFixture.shared.get()
        let response = try fixture.query(where: #"{"objectId":"@b1"}"#, "keys=title,meta.size")
        let object = try #require(response.json?["results"]?[0]?.objectValue)
        #expect(Set(object.keys) == ["objectId", "createdAt", "updatedAt", "title", "meta"])
        #expect(object["meta"] == ["size": "s"])
    }

    @Test func keys_withMinus_excludes() throws {
        let fixture = try QueryAPIFixture.shared.get()
        let response = try fixture.query(where: #"{"objectId":"@b1"}"#, "keys=-tags,-createdAt,-meta")
        let object = try #require(response.json?["results"]?[0]?.objectValue)
        #expect(object["tags"] == nil && object["createdAt"] == nil && object["meta"] == nil)
        #expect(object["title"] == "apple" && object["updatedAt"] != nil && object["objectId"] != nil)
    }

    @Test func include_expandsSeveralLevels_andSeveralKeys() throws {
        let fixture = try QueryAPIFixture.shared.get()
        let response = try fixture.query(where: #"{"author":{"$exists":true}}"#, "include=author.city,authors&order=createdAt")
        let results = try #require(response.json?["results"]?.arrayValue)
        #expect(results.count == 3)
        let ann = try #require(results[0]["author"])
        #expect(ann["__type"] == "Pointer" && ann["className"] == "Author" && ann["name"] == "ann")
        #expect(ann["city"]?["name"] == "Paris" && ann["city"]?["className"] == "City")
        #expect(results[1]["author"]?["name"] == "bob" && results[1]["author"]?["city"] == nil)
        #expect(results[2]["author"]?["city"]?["name"] == "Paris")
    }

    @Test func include_expandsAnArrayOfPointers_inAQuery() throws {
        let fixture = try QueryAPIFixture.shared.get()
        let response = try fixture.query(where: #"{"objectId":"@b1"}"#, "include=authors")
        let authors = try #require(response.json?["results"]?[0]?["authors"]?.arrayValue)
        #expect(authors.compactMap { $0["name"]?.stringValue } == ["ann", "bob"])
        #expect(authors.allSatisfy { $0["__type"] == "Pointer" && $0["className"] == "Author" })
        // Without include they stay bare pointers.
        let bare = try fixture.query(where: #"{"objectId":"@b1"}"#).json?["results"]?[0]?["authors"]?[0]
        #expect(bare?["name"] == nil && bare?["objectId"] == .string(fixture.ids["a1"] ?? ""))
    }

    @Test func include_throughAnArrayOfPointers_reachesTheNextLevel() throws {
        let fixture = try QueryAPIFixture.shared.get()
        let response = try fixture.query(where: #"{"objectId":"@b1"}"#, "include=authors.city")
        let authors = try #require(response.json?["results"]?[0]?["authors"]?.arrayValue)
        #expect(authors.first?["city"]?["name"] == "Paris")
    }
}

/// `include` on a query respects the included objects' ACL, for single pointers and arrays (§3.5).
@Suite struct QueryIncludeACLTests {
    @Test func unreadableIncludedObjects_stayBarePointers() throws {
        let emulator = try TestServer.start()
        let master = emulator.inProcessClient(credentials: .masterKey)
        func create(_ className: String, _ body: JSON) throws -> JSON {
            let id = try #require(master.post("/1.1/classes/\(className)", json: body).json?["objectId"])
            return ["__type": "Pointer", "className": .string(className), "objectId": id]
        }
        let secret = try create("Secret", ["v": 1, "ACL": ["*": ["read": false]]])
        let open = try create("Secret", ["v": 2])
        _ = try create("Holder", ["one": secret, "many": [secret, open]])
        let results = try emulator.inProcessClient().get("/1.1/classes/Holder?include=one,many").json?["results"]
        #expect(results?[0]?["one"] == secret)
        #expect(results?[0]?["many"]?[0] == secret)
        #expect(results?[0]?["many"]?[1]?["v"] == 2)
        let asMaster = try master.get("/1.1/classes/Holder?include=one,many").json?["results"]
        #expect(asMaster?[0]?["one"]?["v"] == 1 && asMaster?[0]?["many"]?[0]?["v"] == 1)
    }
}
