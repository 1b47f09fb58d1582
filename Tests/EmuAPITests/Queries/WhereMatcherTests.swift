import EmuAPI
import LCWire
import Testing

@Suite struct WhereMatcherTests {
    static let document: JSONObject = [
        "title": "Hello World", "likes": 12, "ratio": 0.5, "draft": false, "nothing": nil,
        "tags": ["swift", "server"], "scores": [1, 5, 9],
        "meta": ["lang": "en", "depth": ["level": 3]],
        "author": ["__type": "Pointer", "className": "_User", "objectId": "u1"],
        "when": ["__type": "Date", "iso": "2015-06-29T01:39:35.931Z"],
        "objectId": "558e20cbe4b060308e3eb36c",
        "createdAt": "2015-06-29T01:39:35.931Z", "updatedAt": "2015-06-30T00:00:00.000Z",
        "multi": "first line\nsecond line", "file": ["__type": "File", "objectId": "f1"],
    ]

    static let cases: [(String, Bool)] = [
        (#"{}"#, true), (#"[]"#, true),
        (#"{"title":"Hello World"}"#, true), (#"{"title":"hello world"}"#, false),
        (#"{"likes":12}"#, true), (#"{"likes":12.0}"#, true), (#"{"likes":"12"}"#, false),
        (#"{"tags":"swift"}"#, true), (#"{"tags":"go"}"#, false), (#"{"tags":["swift","server"]}"#, true),
        (#"{"tags":["server","swift"]}"#, false),
        (#"{"nothing":null}"#, true), (#"{"missing":null}"#, true), (#"{"likes":null}"#, false),
        (#"{"author":{"__type":"Pointer","className":"_User","objectId":"u1"}}"#, true),
        (#"{"author":{"__type":"Pointer","className":"Post","objectId":"u1"}}"#, false),
        (#"{"when":{"__type":"Date","iso":"2015-06-29T09:39:35.931+08:00"}}"#, true),
        (#"{"meta":{"depth":{"level":3},"lang":"en"}}"#, true),
        (#"{"meta.lang":"en"}"#, true), (#"{"meta.depth.level":{"$gt":2}}"#, true), (#"{"meta.none.x":{"$exists":false}}"#, true),
        (#"{"objectId":"558e20cbe4b060308e3eb36c"}"#, true),
        (#"{"file":{"__type":"Pointer","className":"_File","objectId":"f1"}}"#, true),
        (#"{"file":{"__type":"File","id":"f1"}}"#, true), (#"{"file":{"__type":"File","id":"f2"}}"#, false),
        (#"{"likes":{"$ne":12}}"#, false), (#"{"likes":{"$ne":13}}"#, true), (#"{"tags":{"$ne":"swift"}}"#, false),
        (#"{"missing":{"$ne":1}}"#, true),
        (#"{"likes":{"$gt":11,"$lt":13}}"#, true), (#"{"likes":{"$gte":12,"$lte":12}}"#, true), (#"{"likes":{"$gt":12}}"#, false),
        (#"{"likes":{"$lt":"z"}}"#, false), (#"{"missing":{"$lt":100}}"#, false),
        (#"{"title":{"$gt":"Hello"}}"#, true), (#"{"title":{"$lt":"hello"}}"#, true), (#"{"title":{"$gt":"Ω"}}"#, false),
        (#"{"scores":{"$gt":8}}"#, true), (#"{"scores":{"$gt":9}}"#, false),
        (#"{"draft":{"$lt":true}}"#, true),
        (#"{"when":{"$gt":{"__type":"Date","iso":"2015-06-29T01:39:35.930Z"}}}"#, true),
        (#"{"when":{"$gt":{"__type":"Date","iso":"2015-06-29T01:39:35.931Z"}}}"#, false),
        (#"{"createdAt":{"$gte":{"__type":"Date","iso":"2015-06-29T01:39:35.931Z"}}}"#, true),
        (#"{"updatedAt":{"$lt":{"__type":"Date","iso":"2015-06-29T12:00:00.000Z"}}}"#, false),
        (#"{"createdAt":{"$gte":"2015-01-01"}}"#, false),
        (#"{"likes":{"$in":[1,12]}}"#, true), (#"{"likes":{"$in":[1,2]}}"#, false), (#"{"tags":{"$in":["go","swift"]}}"#, true),
        (#"{"missing":{"$in":[null]}}"#, true),
        (#"{"likes":{"$nin":[1,2]}}"#, true), (#"{"tags":{"$nin":["swift"]}}"#, false),
        (#"{"nothing":{"$exists":true}}"#, true), (#"{"missing":{"$exists":true}}"#, false), (#"{"missing":{"$exists":false}}"#, true),
        (#"{"tags":{"$all":["server","swift"]}}"#, true), (#"{"tags":{"$all":["swift","go"]}}"#, false), (#"{"tags":{"$all":[]}}"#, false),
        (#"{"tags":{"$size":2}}"#, true), (#"{"tags":{"$size":3}}"#, false), (#"{"title":{"$size":1}}"#, false),
        (#"{"title":{"$regex":"^Hello"}}"#, true), (#"{"title":{"$regex":"^hello"}}"#, false),
        (#"{"title":{"$regex":"^hello","$options":"i"}}"#, true), (#"{"tags":{"$regex":"^ser"}}"#, true),
        (#"{"multi":{"$regex":"^second"}}"#, false), (#"{"multi":{"$regex":"^second","$options":"m"}}"#, true),
        (#"{"multi":{"$regex":"line.second"}}"#, false), (#"{"multi":{"$regex":"line.second","$options":"s"}}"#, true),
        (#"{"title":{"$regex":"hello\\s # greeting\n world","$options":"ix"}}"#, true),
        (#"{"likes":{"$regex":"12"}}"#, false),
        (#"{"$or":[{"likes":1},{"title":"Hello World"}]}"#, true), (#"{"$or":[{"likes":1},{"likes":2}]}"#, false),
        (#"{"$and":[{"likes":12},{"draft":false}]}"#, true), (#"{"$and":[{"likes":12},{"draft":true}]}"#, false),
        (#"{"$and":[{"$or":[{"likes":1},{"likes":12}]},{"$or":[{"draft":false},{"x":1}]}]}"#, true),
        (#"{"likes":12,"draft":true}"#, false), (#"[{"likes":12},{"draft":false}]"#, true),
    ]

    @Test(arguments: cases)
    func matcher_evaluates(where text: String, expected: Bool) throws {
        let matcher = try WhereMatcher(text: text)
        #expect(matcher.matches(Self.document) == expected)
    }

    static let malformed: [(String, Int)] = [
        ("{oops", 107), ("42", 107), (#""text""#, 107), ("null", 107),
        (#"{"a":{"$foo":1}}"#, 1), (#"{"$relatedTo":{}}"#, 1), (#"{"a":{"$inQuery":{}}}"#, 1),
        (#"{"a":{"$in":1}}"#, 1), (#"{"a":{"$nin":"x"}}"#, 1), (#"{"a":{"$all":{}}}"#, 1),
        (#"{"a":{"$exists":1}}"#, 1), (#"{"a":{"$size":-1}}"#, 1), (#"{"a":{"$size":1.5}}"#, 1),
        (#"{"a":{"$regex":1}}"#, 1), (#"{"a":{"$regex":"("}}"#, 1), (#"{"a":{"$regex":"a","$options":"q"}}"#, 1),
        (#"{"a":{"$options":"i"}}"#, 1), (#"{"a":{"$lt":[1]}}"#, 1), (#"{"a":{"$lt":null}}"#, 1),
        (#"{"a":{"$gt":1,"b":2}}"#, 1), (#"{"$or":[]}"#, 1), (#"{"$or":{}}"#, 1), (#"{"$and":[1]}"#, 1),
        (#"{"a..b":1}"#, 1), (#"[1]"#, 1),
    ]

    @Test(arguments: malformed)
    func matcher_refusesMalformedConditions(where text: String, code: Int) {
        do {
            _ = try WhereMatcher(text: text)
            Issue.record("accepted \(text)")
        } catch let error as APIError {
            #expect(error.code.code == code)
            #expect(error.code.httpStatus == 400)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func matcher_acceptsParsedJSON() throws {
        let matcher = try WhereMatcher(where: ["likes": ["$gte": 10]])
        #expect(matcher.matches(["likes": 12]))
        #expect(!matcher.matches(["likes": 9]))
        #expect(try WhereMatcher(text: "  ").matches([:]))
    }
}
