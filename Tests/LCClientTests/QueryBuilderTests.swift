import EmuTestSupport
import Foundation
import LCClient
import Testing

struct QueryBuilderTests {
    @Test func operatorsOnOneKey_combine_andEqualityReplaces() {
        let range = LCQuery(className: "Post").whereKey("likes", .greaterThan(1)).whereKey("likes", .lessThanOrEqualTo(9))
        #expect(range.whereJSON.jsonString == #"{"likes":{"$gt":1,"$lte":9}}"#)
        let replaced = range.whereKey("likes", .equalTo(5))
        #expect(replaced.whereJSON.jsonString == #"{"likes":5}"#)
    }

    @Test(arguments: [
        (LCConstraint.notEqualTo("x"), #"{"$ne":"x"}"#),
        (.containedIn(["a", "b"]), #"{"$in":["a","b"]}"#),
        (.notContainedIn([1, 2]), #"{"$nin":[1,2]}"#),
        (.containsAll(["a"]), #"{"$all":["a"]}"#),
        (.size(2), #"{"$size":2}"#),
        (.exists, #"{"$exists":true}"#),
        (.notExists, #"{"$exists":false}"#),
        (.matches("^a", options: "i"), #"{"$regex":"^a","$options":"i"}"#),
        (.hasPrefix("a.b"), #"{"$regex":"^a\\.b"}"#),
        (.hasSuffix("z"), #"{"$regex":"z$"}"#),
        (.contains("x+"), #"{"$regex":"x\\+"}"#),
        (.equalTo(Date(timeIntervalSince1970: 0)), #"{"__type":"Date","iso":"1970-01-01T00:00:00.000Z"}"#),
    ])
    func eachConstraint_hasTheDocumentedShape(constraint: LCConstraint, expected: String) {
        #expect(LCQuery(className: "C").whereKey("k", constraint).whereJSON["k"]?.jsonString == expected)
    }

    @Test func innerQueries_carryClassNameAndWhere() {
        let authors = LCQuery(className: "_User").whereKey("level", .greaterThan(3))
        let query = LCQuery(className: "Post")
            .whereKey("author", .matchesQuery(authors))
            .whereKey("city", .matchesKey("hometown", in: authors))
        #expect(query.whereJSON.jsonString
            == #"{"author":{"$inQuery":{"className":"_User","where":{"level":{"$gt":3}}}},"city":{"$select":{"query":{"className":"_User","where":{"level":{"$gt":3}}},"key":"hometown"}}}"#)
    }

    @Test func orAndRelatedTo_areTopLevel() {
        let either = LCQuery.or([LCQuery(className: "P").whereKey("a", .equalTo(1)), LCQuery(className: "P").whereKey("b", .equalTo(2))])
        #expect(either.whereJSON.jsonString == #"{"$or":[{"a":1},{"b":2}]}"#)
        let members = LCQuery(className: "_User").relatedTo(LCPointer(className: "_Role", objectId: "r1"), key: "users")
        #expect(members.whereJSON.jsonString == #"{"$relatedTo":{"object":{"__type":"Pointer","className":"_Role","objectId":"r1"},"key":"users"}}"#)
    }

    @Test func geoConstraints_useTheServerOperators() {
        let here = LCGeoPoint(latitude: 10, longitude: 20)!
        let near = LCQuery(className: "P").whereKey("at", .near(here, maxKilometers: 5))
        #expect(near.whereJSON["at"]?["$maxDistanceInKilometers"] == 5)
        let box = LCQuery(className: "P").whereKey("at", .withinBox(southwest: here, northeast: LCGeoPoint(latitude: 11, longitude: 21)!))
        #expect(box.whereJSON["at"]?["$within"]?["$box"]?.arrayValue?.count == 2)
    }

    @Test func paging_walksEveryPage_untilAShortOne() async throws {
        let transport = StubTransport { request in
            let skip = Int(request.queryItems["skip"] ?? "0") ?? 0
            let ids = (skip..<min(skip + 2, 5)).map { #"{"objectId":"id\#($0)"}"# }
            return StubTransport.json(200, #"{"results":[\#(ids.joined(separator: ","))]}"#)
        }
        var ids: [String] = []
        for try await object in LCQuery(className: "P").objects(in: .stub(transport), pageSize: 2) {
            ids.append(object.objectId ?? "")
        }
        #expect(ids == ["id0", "id1", "id2", "id3", "id4"])
        #expect(transport.requests.map { $0.queryItems["order"] } == ["objectId", "objectId", "objectId"])
    }
}
