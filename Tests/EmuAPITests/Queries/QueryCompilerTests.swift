@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
@testable import EmuTools
import LCWire
import Testing

@Suite struct QueryCompilerTests {
    static let cases: [(String, String?, [Int])] = [
        (#"{}"#, nil, [1, 2, 3, 4, 5, 6]),
        (#"{"name":"apple"}"#, nil, [1]),
        (#"{"n":3}"#, nil, [3]),
        (#"{"n":"6"}"#, nil, [6]),                          // strings never equal numbers
        (#"{"tags":"red"}"#, nil, [1, 3]),                 // array contains
        (#"{"tags":["red"]}"#, nil, [3]),                  // whole-array equality
        (#"{"flag":true}"#, nil, [1, 4]),
        (#"{"note":null}"#, nil, [1, 2, 3, 4, 5, 6]),          // null matches null and missing
        (#"{"n":{"$ne":3}}"#, nil, [1, 2, 4, 5, 6]),
        (#"{"n":{"$gt":2}}"#, nil, [2, 3, 5]),
        (#"{"n":{"$gte":2.5,"$lt":10}}"#, nil, [2, 3]),
        (#"{"name":{"$lt":"c"}}"#, nil, [1, 2, 4]),         // code point order: "Date" < "apple"
        (#"{"n":{"$in":[1,3,"6"]}}"#, nil, [1, 3, 6]),
        (#"{"n":{"$nin":[1,3]}}"#, nil, [2, 4, 5, 6]),
        (#"{"tags":{"$in":["green","yellow"]}}"#, nil, [2, 5]),
        (#"{"tags":{"$all":["red","fruit"]}}"#, nil, [1]),
        (#"{"tags":{"$size":0}}"#, nil, [4]),
        (#"{"flag":{"$exists":false}}"#, nil, [3, 5, 6]),
        (#"{"note":{"$exists":true}}"#, nil, [4]),
        (#"{"name":{"$regex":"^a"}}"#, nil, [1]),
        (#"{"name":{"$regex":"^D","$options":"i"}}"#, nil, [4]),
        (#"{"name":{"$regex":"g.n","$options":"s"}}"#, nil, [6]),
        (#"{"tags":{"$regex":"^gr"}}"#, nil, [5]),
        (#"{"when":{"$gt":{"__type":"Date","iso":"2019-12-31T00:00:00.000Z"}}}"#, nil, [1, 2]),
        (#"{"when":{"__type":"Date","iso":"2020-01-01T00:00:00Z"}}"#, nil, [1]),
        (#"{"owner":{"__type":"Pointer","className":"User","objectId":"u1"}}"#, nil, [1, 3]),
        (#"{"meta.size":"s"}"#, nil, [1, 3]),
        (#"{"$or":[{"n":1},{"name":"elder"}]}"#, nil, [1, 5]),
        (#"{"$and":[{"tags":"fruit"},{"$or":[{"n":1},{"n":10}]}]}"#, nil, [1, 5]),
        (#"[{"tags":"fruit"},{"flag":false}]"#, nil, [2]),
        (#"{"objectId":"000000000000000000000002"}"#, nil, [2]),
        (#"{"createdAt":{"$gte":{"__type":"Date","iso":"2020-09-13T12:26:42.000Z"}}}"#, nil, [3, 4, 5, 6]),
        (#"{"$relatedTo":{"object":{"__type":"Pointer","className":"Box","objectId":"b1"},"key":"items"}}"#, nil, [2, 5]),
        (#"{"loc":{"$nearSphere":{"__type":"GeoPoint","latitude":39.9,"longitude":116.4},"$maxDistanceInKilometers":50}}"#, nil, [1, 5]),
        (#"{"loc":{"$nearSphere":{"__type":"GeoPoint","latitude":31,"longitude":121}}}"#, nil, [2, 1, 5]),
        (#"{"loc":{"$within":{"$box":[{"__type":"GeoPoint","latitude":30,"longitude":110},{"__type":"GeoPoint","latitude":35,"longitude":125}]}}}"#, nil, [2]),
        (#"{"n":{"$inQuery":{"className":"Item","where":{}}}}"#, nil, []),
        // Item 5 is ~14 km (8.7 mi, 0.0022 rad) from item 1; item 2 is ~1,070 km away.
        (#"{"loc":{"$nearSphere":{"__type":"GeoPoint","latitude":39.9,"longitude":116.4},"$maxDistanceInMiles":10}}"#, nil, [1, 5]),
        (#"{"loc":{"$nearSphere":{"__type":"GeoPoint","latitude":39.9,"longitude":116.4},"$maxDistanceInMiles":5}}"#, nil, [1]),
        (#"{"loc":{"$nearSphere":{"__type":"GeoPoint","latitude":39.9,"longitude":116.4},"$maxDistanceInRadians":0.2}}"#, nil, [1, 5, 2]),
        (#"{"loc":{"$nearSphere":{"__type":"GeoPoint","latitude":39.9,"longitude":116.4},"$maxDistanceInRadians":0.01}}"#, nil, [1, 5]),
        (#"{"loc":{"$nearSphere":{"__type":"GeoPoint","latitude":39.9,"longitude":116.4},"$maxDistance":0.001}}"#, nil, [1]),
        (#"{"loc":{"$nearSphere":{"__type":"GeoPoint","latitude":39.9,"longitude":116.4},"$minDistanceInKilometers":5}}"#, nil, [5, 2]),
        (#"{"loc":{"$nearSphere":{"__type":"GeoPoint","latitude":39.9,"longitude":116.4},"$minDistanceInMiles":100}}"#, nil, [2]),
        (#"{"loc":{"$nearSphere":{"__type":"GeoPoint","latitude":39.9,"longitude":116.4},"$minDistanceInRadians":0.001}}"#, nil, [5, 2]),
        (#"{"loc":{"$nearSphere":{"__type":"GeoPoint","latitude":39.9,"longitude":116.4},"$minDistance":0.01}}"#, nil, [2]),
        (#"{"loc":{"$nearSphere":{"__type":"GeoPoint","latitude":39.9,"longitude":116.4},"$minDistanceInKilometers":5,"$maxDistanceInKilometers":50}}"#, nil, [5]),
        // User u1 is 30, u2 is 20 (QueryFixture); items without an owner are "not in" any query.
        (#"{"owner":{"$inQuery":{"className":"User","where":{"age":{"$gt":25}}}}}"#, nil, [1, 3]),
        (#"{"owner":{"$inQuery":{"className":"User","where":{},"order":"age","limit":1}}}"#, nil, [2]),
        (#"{"owner":{"$inQuery":{"className":"User","where":{},"order":"-age","skip":1}}}"#, nil, [2]),
        (#"{"owner":{"$notInQuery":{"className":"User","where":{"age":{"$gt":25}}}}}"#, nil, [2, 4, 5, 6]),
        (#"{"owner":{"$notInQuery":{"className":"User","where":{}}}}"#, nil, [4, 5, 6]),
        (#"{"owner":{"$notInQuery":{"className":"User","where":{"age":{"$gt":99}}}}}"#, nil, [1, 2, 3, 4, 5, 6]),
        (#"{"name":{"$select":{"query":{"className":"Item","where":{"tags":"red"}},"key":"name"}}}"#, nil, [1, 3]),
        (#"{"name":{"$dontSelect":{"query":{"className":"Item","where":{"tags":"red"}},"key":"name"}}}"#, nil, [2, 4, 5, 6]),
        (#"{"tags":"fruit"}"#, "-n", [5, 2, 1]),
        (#"{}"#, "name", [4, 1, 2, 3, 5, 6]),
        (#"{"n":{"$exists":true}}"#, "n", [4, 1, 2, 3, 5, 6]),  // numbers before strings
        (#"{}"#, "-createdAt", [6, 5, 4, 3, 2, 1]),
        // MongoDB semantics: $all over a scalar, booleans ordered false < true, null
        // against a missing array, legacy [longitude, latitude] pairs, $polygon and $centerSphere.
        (#"{"n":{"$all":[3]}}"#, nil, [3]),
        (#"{"n":{"$all":[3,1]}}"#, nil, []),
        (#"{"tags":{"$all":[]}}"#, nil, []),
        (#"{"flag":{"$gt":false}}"#, nil, [1, 4]),
        (#"{"flag":{"$lt":true}}"#, nil, [2]),
        (#"{"flag":{"$gte":false}}"#, nil, [1, 2, 4]),
        (#"{"n":{"$lt":true}}"#, nil, []),                  // no order across types
        (#"{"tags":null}"#, nil, [6]),
        (#"{"tags":{"$in":[null,"green"]}}"#, nil, [5, 6]),
        (#"{"tags":{"$nin":[null,"red"]}}"#, nil, [2, 4, 5]),
        (#"{"loc":{"$within":{"$box":[[110,30],[125,35]]}}}"#, nil, [2]),
        (#"{"loc":{"$within":{"$polygon":[[110,30],[125,30],[125,35],[110,35]]}}}"#, nil, [2]),
        (#"{"loc":{"$within":{"$polygon":[{"__type":"GeoPoint","latitude":39,"longitude":116},[116.45,39],[116.45,41],[116,41]]}}}"#, nil, [1]),
        (#"{"loc":{"$geoWithin":{"$centerSphere":[[116.4,39.9],0.01]}}}"#, nil, [1, 5]),
        (#"{"loc":{"$nearSphere":[116.4,39.9],"$maxDistanceInMiles":10}}"#, nil, [1, 5]),
        (#"{"when":{"$exists":true}}"#, "when", [3, 1, 2]),
    ]

    @Test(arguments: cases)
    func operator_returnsExpectedObjects(where whereText: String, order: String?, expected: [Int]) throws {
        let queue = try QueryFixture.database()
        let found = try QueryFixture.run(queue, where: whereText, order: order)
        if order == nil && !whereText.contains("$nearSphere") {
            #expect(found.sorted() == expected.sorted(), "\(whereText)")
        } else {
            #expect(found == expected, "\(whereText) order \(order ?? "-")")
        }
    }

    static let malformed: [String] = [
        #"{"n":{"$foo":1}}"#, #"{"$nope":1}"#, #"{"n":{"$in":3}}"#, #"{"n":{"$lt":[1]}}"#, #"{"n":{"$lt":null}}"#,
        #"{"name":{"$regex":"("}}"#, #"{"name":{"$regex":"a","$options":"q"}}"#, #"{"n":{"$size":-1}}"#,
        #"{"$or":{}}"#, #"{"$or":[]}"#, #"{"loc":{"$maxDistance":1}}"#, #"{"n":{"$exists":"yes"}}"#,
        #"{"a'b":1}"#, #"{"loc":{"$within":{"$polygon":[[0,0],[1,1]]}}}"#, #"{"loc":{"$within":{"$circle":[[0,0],1]}}}"#,
        #"{"loc":{"$nearSphere":[0,0]},"$or":[{"loc":{"$nearSphere":[1,1]}}]}"#,
    ]

    @Test(arguments: malformed)
    func malformedWhere_isRejectedWithCode1(where whereText: String) throws {
        let queue = try QueryFixture.database()
        #expect { try QueryFixture.run(queue, where: whereText) } throws: { error in
            (error as? APIError)?.code.code == 1
        }
    }

    /// A `where` that is neither an object nor an array is no JSON dictionary: 107, for queries
    /// and conditional writes alike (docs/compatibility.md; it was code 1 for queries only).
    @Test(arguments: ["5", #""text""#, "null", "true"])
    func whereThatIsNoObject_isRejectedWithCode107(where whereText: String) throws {
        let queue = try QueryFixture.database()
        #expect { try QueryFixture.run(queue, where: whereText) } throws: { error in
            (error as? APIError)?.code.code == 107
        }
    }

    @Test(arguments: [#"{"loc":{"$within":{"$box":[[181,0],[1,1]]}}}"#, #"{"loc":{"$nearSphere":[0,91]}}"#,
                      #"{"loc":{"$nearSphere":[0]}}"#])
    func badLegacyPair_isRejectedWithCode302(where whereText: String) throws {
        let queue = try QueryFixture.database()
        #expect { try QueryFixture.run(queue, where: whereText) } throws: { error in
            (error as? APIError)?.code.code == 302
        }
    }

    @Test func badGeoPoint_isRejectedWithCode302() throws {
        let queue = try QueryFixture.database()
        #expect { try QueryFixture.run(queue, where: #"{"loc":{"$nearSphere":{"__type":"GeoPoint","latitude":91,"longitude":0}}}"#) } throws: { error in
            (error as? APIError)?.code.code == 302
        }
    }

    @Test func paging_limitsAndSkipsInOrder() throws {
        let queue = try QueryFixture.database()
        #expect(try QueryFixture.run(queue, where: nil, order: "createdAt", limit: 2, skip: 1) == [2, 3])
    }
}

@Suite struct RegexPrefixTests {
    @Test(arguments: [
        ("^abc", "", "abc"), ("^ab.c", "", "ab"), ("^abc?", "", "ab"), ("^abc*d", "", "ab"), ("^abc+", "", "abc"),
        ("^a", "s", "a"),
    ])
    func anchoredLiterals_givePrefix(pattern: String, options: String, prefix: String) {
        #expect(RegexPrefix.literalPrefix(pattern, options: options) == prefix)
    }

    @Test(arguments: [("abc", ""), ("^abc", "i"), ("^abc", "m"), ("^a|b", ""), ("^.a", ""), ("^a?", "")])
    func otherPatterns_giveNone(pattern: String, options: String) {
        #expect(RegexPrefix.literalPrefix(pattern, options: options) == nil)
    }
}
