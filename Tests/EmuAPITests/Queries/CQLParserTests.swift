@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
@testable import EmuTools
import LCWire
import Testing

@Suite struct CQLParserTests {
    private func parse(_ text: String, _ values: [JSON] = []) throws -> CQLQuery {
        try CQLQuery.parse(text, values: values)
    }

    @Test func selectStar_withWhereOrderAndLimit() throws {
        let q = try parse("select * from Post where views > 10 and (tag = 'a' or tag = ?) order by views desc, title limit 5, 20", ["b"])
        #expect(q.className == "Post" && q.selectAll && !q.count)
        #expect(q.whereJSON == (try JSONParser.parse(#"{"$and":[{"views":{"$gt":10}},{"$or":[{"tag":"a"},{"tag":"b"}]}]}"#)))
        #expect(q.order == "-views,title")
        #expect(q.skip == 5 && q.limit == 20)
    }

    @Test func countAndFields() throws {
        let q = try parse("SELECT count(*), title, desc FROM Post")
        #expect(q.count && q.keys == ["title", "desc"] && !q.selectAll)
        #expect(try parse("select count(*) from Post").count)
    }

    @Test func orderByDescKeyword() throws {
        #expect(try parse("select * from Post order by views desc, title asc").order == "-views,title")
    }

    @Test(arguments: [
        ("a != 1", #"{"a":{"$ne":1}}"#),
        ("a <> 'x'", #"{"a":{"$ne":"x"}}"#),
        ("a in (1, 2)", #"{"a":{"$in":[1,2]}}"#),
        ("a not in ?", #"{"a":{"$nin":[3]}}"#),
        ("a is exists", #"{"a":{"$exists":true}}"#),
        ("a is not exists", #"{"a":{"$exists":false}}"#),
        ("a like 'ab%'", #"{"a":{"$regex":"^ab.*$"}}"#),
        ("a between 1 and 5", #"{"a":{"$gte":1,"$lte":5}}"#),
        ("d < date('2020-01-01T00:00:00.000Z')", #"{"d":{"$lt":{"__type":"Date","iso":"2020-01-01T00:00:00.000Z"}}}"#),
        ("p = pointer('User', 'u1')", #"{"p":{"__type":"Pointer","className":"User","objectId":"u1"}}"#),
        ("a.b = true", #"{"a.b":true}"#),
    ])
    func conditions_translateToWhere(condition: String, expected: String) throws {
        let q = try parse("select * from T where \(condition)", [.array([3])])
        #expect(q.whereJSON == (try JSONParser.parse(expected)))
    }

    @Test(arguments: [
        "update Post set a = 1", "select from Post", "select * Post", "select * from", "select * from Post where",
        "select * from Post where a = 'x", "select * from Post limit x", "select * from Post where a = ?", "select * from 1Post",
        "select * from Post where a ~ 1",
    ])
    func unsupportedOrBroken_isError300(statement: String) {
        #expect { try parse(statement) } throws: { ($0 as? APIError)?.code.code == 300 }
    }
}
