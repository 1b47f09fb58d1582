import EmuTestSupport
import EmuTesting
import Foundation
import LCWire
import Testing

/// The two `where` engines through the API: a query (`GET …?where=`) and a conditional write (`PUT …?where=`)
/// read a `where` with one parser and agree — on what matches, and on every refusal's body.
@Suite struct WhereEngineAPITests {
    let emulator: TestServer
    let client: TestClient
    let id: String

    init() throws {
        emulator = try TestServer.start()
        client = emulator.inProcessClient()
        let created = try client.post("/1.1/classes/Item", json: [
            "score": 5, "flag": true, "tags": ["a", "b"],
            "loc": ["__type": "GeoPoint", "latitude": 5, "longitude": 5],
        ])
        id = try #require(created.json?["objectId"]?.stringValue)
    }

    private func query(_ whereText: String) throws -> TestClient.Response {
        try client.get("/1.1/classes/Item?where=" + encoded(whereText))
    }

    private func update(_ whereText: String) throws -> TestClient.Response {
        try client.put("/1.1/classes/Item/\(id)?where=" + encoded(whereText), json: ["touched": true])
    }

    private func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    static let matching: [String] = [
        #"{"score":{"$all":[5]}}"#, #"{"flag":{"$gt":false}}"#, #"{"tags":{"$all":["b","a"]}}"#,
        #"{"loc":{"$within":{"$box":[[0,0],[11,11]]}}}"#, #"{"loc":{"$nearSphere":[5,5],"$maxDistanceInKilometers":1}}"#,
        #"{"loc":{"$within":{"$polygon":[[0,0],[10,0],[10,10],[0,10]]}}}"#,
        #"{"loc":{"$geoWithin":{"$centerSphere":[{"__type":"GeoPoint","latitude":5.01,"longitude":5},0.001]}}}"#,
        #"{"missing":null,"tags":{"$nin":[null]}}"#,
    ]

    @Test(arguments: matching)
    func matchingWhere_findsTheObject_andLetsTheWriteThrough(where whereText: String) throws {
        #expect(try query(whereText).json?["results"]?.arrayValue?.count == 1, "\(whereText)")
        #expect(try update(whereText).status == 200, "\(whereText)")
    }

    static let failing: [String] = [
        #"{"score":{"$all":[5,6]}}"#, #"{"flag":{"$lt":true}}"#, #"{"score":{"$lt":true}}"#,
        #"{"loc":{"$within":{"$box":[[6,6],[11,11]]}}}"#, #"{"loc":{"$within":{"$polygon":[[6,0],[10,0],[10,10]]}}}"#,
    ]

    @Test(arguments: failing)
    func failingWhere_findsNothing_andRefusesTheWriteWith305(where whereText: String) throws {
        #expect(try query(whereText).json?["results"]?.arrayValue?.count == 0, "\(whereText)")
        #expect(try update(whereText).json?["code"] == 305, "\(whereText)")
    }

    static let malformed: [String] = [
        #"{"score":{"$foo":1}}"#, #"{"score":{"$lt":null}}"#, #"{"$or":[]}"#, "5", #"{"a..b":1}"#,
        #"{"tags":{"$regex":"("}}"#, #"{"loc":{"$nearSphere":[0,91]}}"#, #"{"loc":{"$within":{"$circle":[[0,0],1]}}}"#,
    ]

    @Test(arguments: malformed)
    func malformedWhere_isRefusedWithTheSameBody(where whereText: String) throws {
        let refused = try query(whereText)
        #expect(refused.status == 400)
        #expect(try update(whereText).text == refused.text, "\(whereText)")
    }

    @Test func innerQueries_areRefusedInAConditionalWrite() throws {
        let response = try update(#"{"score":{"$inQuery":{"className":"Item","where":{}}}}"#)
        #expect(response.text == #"{"code":1,"error":"Invalid query: $inQuery is not supported in the where of a conditional write."}"#)
    }
}
