import EmuTestSupport
import EmuTesting
import LCWire
import Testing

/// Every `where` operator of spec §3.2 through `GET /1.1/classes/Book`, checked by the objectIds
/// it returns (QueryAPIFixture). Rows with `$nearSphere` expect distance order; the others any order.
@Suite struct QueryOperatorAPITests {
    static let near = #""$nearSphere":{"__type":"GeoPoint","latitude":39.9,"longitude":116.4}"#

    static let cases: [(String, [String])] = [
        (#"{}"#, ["b1", "b2", "b3", "b4", "b5", "b6"]),
        (#"{"title":"apple"}"#, ["b1"]),
        (#"{"n":2.5}"#, ["b2"]),
        (#"{"n":"3"}"#, []),                                         // strings never equal numbers
        (#"{"n":{"$ne":3}}"#, ["b1", "b2", "b4", "b5", "b6"]),
        (#"{"n":{"$lt":2.5}}"#, ["b1", "b4"]),
        (#"{"n":{"$lte":2.5}}"#, ["b1", "b2", "b4"]),
        (#"{"n":{"$gt":3}}"#, ["b5", "b6"]),
        (#"{"n":{"$gte":3,"$lt":10}}"#, ["b3", "b6"]),
        (#"{"title":{"$lt":"b"}}"#, ["b1", "b4"]),                   // code point order: "Date" < "apple"
        (#"{"n":{"$in":[1,3,99]}}"#, ["b1", "b3"]),
        (#"{"n":{"$nin":[1,3]}}"#, ["b2", "b4", "b5", "b6"]),
        // Arrays: equality and $in mean "contains"; $nin matches objects without the field.
        (#"{"tags":"red"}"#, ["b1", "b3"]),
        (#"{"tags":["red"]}"#, ["b3"]),
        (#"{"tags":{"$in":["green","yellow"]}}"#, ["b2", "b5"]),
        (#"{"tags":{"$nin":["fruit"]}}"#, ["b3", "b4", "b6"]),
        (#"{"tags":{"$all":["red","fruit"]}}"#, ["b1"]),
        (#"{"tags":{"$size":2}}"#, ["b1", "b2"]),
        (#"{"tags":{"$size":0}}"#, ["b4"]),
        (#"{"flag":{"$exists":true}}"#, ["b1", "b2", "b4"]),
        (#"{"flag":{"$exists":false}}"#, ["b3", "b5", "b6"]),
        (#"{"flag":false}"#, ["b2"]),
        (#"{"note":null}"#, ["b1", "b2", "b3", "b4", "b5", "b6"]),   // null matches null and missing
        (#"{"note":{"$exists":true}}"#, ["b4"]),
        (#"{"title":{"$regex":"^a"}}"#, ["b1"]),
        (#"{"title":{"$regex":"^d","$options":"i"}}"#, ["b4"]),
        (#"{"title":{"$regex":"RR","$options":"i"}}"#, ["b3"]),
        (#"{"title":{"$regex":"a n  # the letters a, n\n","$options":"x"}}"#, ["b2"]),
        (#"{"title":{"$regex":"^e.*r$","$options":"ms"}}"#, ["b5"]),
        (#"{"tags":{"$regex":"^gr"}}"#, ["b5"]),
        (#"{"$or":[{"n":1},{"title":"elder"}]}"#, ["b1", "b5"]),
        (#"{"$and":[{"tags":"fruit"},{"$or":[{"n":1},{"n":10}]}]}"#, ["b1", "b5"]),
        (#"{"$and":[{"$or":[{"n":1},{"n":3}]},{"$or":[{"tags":"fruit"},{"flag":true}]}]}"#, ["b1"]),
        (#"[{"tags":"fruit"},{"flag":false}]"#, ["b2"]),
        // Inner queries: ann (a1) is 30, bob (a2) 20; writer names are strings.
        (#"{"writer":{"$select":{"query":{"className":"Author","where":{"age":{"$gt":25}}},"key":"name"}}}"#, ["b1", "b3"]),
        (#"{"writer":{"$dontSelect":{"query":{"className":"Author","where":{"age":{"$gt":25}}},"key":"name"}}}"#, ["b2", "b4", "b5", "b6"]),
        (#"{"author":{"$inQuery":{"className":"Author","where":{"age":{"$gt":25}}}}}"#, ["b1", "b3"]),
        (#"{"author":{"$inQuery":{"className":"Author","where":{},"order":"age","limit":1}}}"#, ["b2"]),
        (#"{"author":{"$inQuery":{"className":"Author","where":{},"order":"-age","skip":1}}}"#, ["b2"]),
        (#"{"author":{"$notInQuery":{"className":"Author","where":{"age":{"$gt":25}}}}}"#, ["b2", "b4", "b5", "b6"]),
        (#"{"author":{"$notInQuery":{"className":"Author","where":{}}}}"#, ["b4", "b5", "b6"]),
        (#"{"authors":{"$inQuery":{"className":"Author","where":{"name":"bob"}}}}"#, ["b1"]),
        (#"{"$relatedTo":{"object":@ptr(Shelf,s1),"key":"books"}}"#, ["b2", "b5"]),
        (#"{"$relatedTo":{"object":@ptr(Shelf,s1),"key":"books"},"n":{"$gt":5}}"#, ["b5"]),
        // Geo: b5 is ~14 km (8.7 mi) from b1, b2 ~1,070 km.
        ("{\"loc\":{\(near)}}", ["b1", "b5", "b2"]),
        ("{\"loc\":{\(near),\"$maxDistanceInKilometers\":50}}", ["b1", "b5"]),
        ("{\"loc\":{\(near),\"$maxDistanceInMiles\":5}}", ["b1"]),
        ("{\"loc\":{\(near),\"$maxDistanceInRadians\":0.2}}", ["b1", "b5", "b2"]),
        ("{\"loc\":{\(near),\"$maxDistance\":0.01}}", ["b1", "b5"]),
        ("{\"loc\":{\(near),\"$minDistanceInKilometers\":5}}", ["b5", "b2"]),
        ("{\"loc\":{\(near),\"$minDistanceInMiles\":100}}", ["b2"]),
        ("{\"loc\":{\(near),\"$minDistanceInRadians\":0.001,\"$maxDistanceInRadians\":0.01}}", ["b5"]),
        ("{\"loc\":{\(near),\"$minDistance\":0.01}}", ["b2"]),
        (#"{"loc":{"$within":{"$box":[{"__type":"GeoPoint","latitude":30,"longitude":110},{"__type":"GeoPoint","latitude":35,"longitude":125}]}}}"#, ["b2"]),
        // Dates as instants; createdAt takes a Date or an ISO string (b1 at 12:26:40, b2 at :41…).
        (#"{"when":{"$gt":{"__type":"Date","iso":"2019-12-31T00:00:00.000Z"}}}"#, ["b1", "b2"]),
        (#"{"when":{"$lte":{"__type":"Date","iso":"2020-01-01T00:00:00.000Z"}}}"#, ["b1", "b3"]),
        (#"{"when":{"__type":"Date","iso":"2020-01-01T00:00:00Z"}}"#, ["b1"]),
        (#"{"createdAt":{"$gte":{"__type":"Date","iso":"2020-09-13T12:26:42.000Z"}}}"#, ["b3", "b4", "b5", "b6"]),
        (#"{"createdAt":{"$lt":"2020-09-13T12:26:41.000Z"}}"#, ["b1"]),
        (#"{"updatedAt":{"$gt":{"__type":"Date","iso":"2020-09-13T12:26:44.500Z"}}}"#, ["b6"]),
        // Pointers, arrays of pointers, objectId.
        (#"{"author":@ptr(Author,a1)}"#, ["b1", "b3"]),
        (#"{"author":{"$ne":@ptr(Author,a1)}}"#, ["b2", "b4", "b5", "b6"]),
        (#"{"author":{"$in":[@ptr(Author,a2)]}}"#, ["b2"]),
        (#"{"authors":@ptr(Author,a2)}"#, ["b1"]),
        (#"{"objectId":"@b2"}"#, ["b2"]),
        (#"{"objectId":{"$in":["@b1","@b6"]}}"#, ["b1", "b6"]),
        // Dot paths into embedded objects.
        (#"{"meta.size":"s"}"#, ["b1", "b3"]),
        (#"{"meta.size":{"$in":["m"]}}"#, ["b2"]),
        (#"{"meta.size":{"$exists":false}}"#, ["b4", "b5", "b6"]),
    ]

    @Test(arguments: cases)
    func operator_returnsExpectedObjects(where whereText: String, expected: [String]) throws {
        let fixture = try QueryAPIFixture.shared.get()
        let response = try fixture.query(where: whereText)
        #expect(response.status == 200, "\(whereText): \(response.text)")
        let found = fixture.names(response)
        if whereText.contains("$nearSphere") {
            #expect(found == expected, "\(whereText)")
        } else {
            #expect(found.sorted() == expected.sorted(), "\(whereText)")
        }
    }

    /// Every fifth row again over a real socket (the live tier): same answers.
    @Test func someOperators_answerTheSameOverASocket() throws {
        let fixture = try QueryAPIFixture.shared.get()
        for (whereText, expected) in Self.cases.enumerated().filter({ $0.offset % 5 == 0 }).map(\.element) {
            let found = fixture.names(try fixture.query(where: whereText, live: true))
            #expect(whereText.contains("$nearSphere") ? found == expected : found.sorted() == expected.sorted(), "\(whereText)")
        }
    }

    /// Not in spec §3.2 (`$nor`, `$eq`, Parse's geo forms) or malformed: code 1, never a 500.
    static let rejected: [(String, Int)] = [
        (#"{"$nor":[{"n":1}]}"#, 1), (#"{"n":{"$eq":1}}"#, 1), (#"{"n":{"$foo":1}}"#, 1),
        (#"{"n":{"$in":3}}"#, 1), (#"{"title":{"$regex":"("}}"#, 1), (#"{"title":{"$regex":"a","$options":"g"}}"#, 1),
        (#"{"loc":{"$maxDistanceInMiles":1}}"#, 1), (#"{"author":{"$inQuery":{"where":{}}}}"#, 1),
        (#"{"loc":{"$nearSphere":{"__type":"GeoPoint","latitude":0,"longitude":181}}}"#, 302),
    ]

    @Test(arguments: rejected)
    func unsupportedOrMalformedWhere_isRejected(where whereText: String, code: Int) throws {
        let response = try QueryAPIFixture.shared.get().query(where: whereText)
        #expect(response.status == 400, "\(whereText)")
        #expect(response.json?["code"]?.intValue == code, "\(whereText): \(response.text)")
    }

    /// Equality and `$in` on a relation field mean "has this member" (spec §3.2).
    @Test(arguments: [
        (#"{"books":@ptr(Book,b2)}"#, ["s1"]), (#"{"books":@ptr(Book,b1)}"#, []),
        (#"{"books":{"$in":[@ptr(Book,b1),@ptr(Book,b5)]}}"#, ["s1"]),
    ])
    func relationField_matchesOwnersOfTheMember(where whereText: String, expected: [String]) throws {
        let fixture = try QueryAPIFixture.shared.get()
        #expect(fixture.names(try fixture.query("Shelf", where: whereText)) == expected)
    }

    /// Inner queries nest at most 5 deep (docs/queries.md), for app and master key alike; the 6th
    /// level is an invalid query, and so is anything SQLite's parser cannot take (never a 500).
    @Test(arguments: [(4, 200), (5, 200), (6, 400), (9, 400)])
    func innerQueries_nestAtMost8Deep(levels: Int, status: Int) throws {
        var whereText = #"{"age":{"$gt":25}}"#
        for level in 0..<levels {
            whereText = level % 2 == 0
                ? #"{"author":{"$inQuery":{"className":"Author","where":\#(whereText)}}}"#
                : #"{"objectId":{"$select":{"query":{"className":"Book","where":\#(whereText)},"key":"author.objectId"}}}"#
        }
        let fixture = try QueryAPIFixture.shared.get()
        for credentials in [TestClient.Credentials.appKey, .masterKey] {
            let response = try fixture.query(levels % 2 == 0 ? "Author" : "Book", where: whereText, credentials: credentials)
            #expect(response.status == status, "\(response.text)")
            if status == 200 { #expect(fixture.names(response) == (levels % 2 == 0 ? ["a1"] : ["b1", "b3"])) }
            if status == 400 { #expect(response.json?["code"] == 1) }
        }
    }

    @Test func longOrAndAllLists_run() throws {
        let fixture = try QueryAPIFixture.shared.get()
        // SQLite refuses expression trees deeper than 1000; long lists must still run.
        let clauses = (0..<1500).map { #"{"n":\#($0)}"# }.joined(separator: ",")
        let or = try fixture.query(where: #"{"$or":["# + clauses + "]}")
        #expect(fixture.names(or).sorted() == ["b1", "b3", "b5", "b6"])
        let and = try fixture.query(where: #"{"$and":["# + clauses + "]}")
        #expect(fixture.names(and) == [])
        let tags = (0..<1500).map { "\"t\($0)\"" }.joined(separator: ",")
        #expect(fixture.names(try fixture.query(where: #"{"tags":{"$all":["# + tags + "]}}")) == [])
        let keys = (0..<1500).map { #""f\#($0)":1"# }.joined(separator: ",")
        #expect(fixture.names(try fixture.query(where: "{" + keys + "}")) == [])
    }

    @Test func deeplyNestedOr_isAnInvalidQuery_notA500() throws {
        var whereText = #"{"n":1}"#
        for level in 0..<150 { whereText = #"{"$or":[\#(whereText),{"n":\#(level + 100)}]}"# }
        let response = try QueryAPIFixture.shared.get().query(where: whereText)
        #expect(response.status == 400)
        #expect(response.json?["code"] == 1)
    }

    @Test func whereThatIsNotJSON_is107() throws {
        let response = try QueryAPIFixture.shared.get().query(where: "{\"n\":")
        #expect(response.status == 400 && response.json?["code"] == 107)
    }
}
