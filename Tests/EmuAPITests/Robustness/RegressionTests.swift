@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTestSupport
import EmuTesting
@testable import EmuTools
import Foundation
import LCWire
import Testing

/// One test per 500 or crash the robustness round found, each at its fixed source.
@Suite struct RegressionTests {
    let emulator: TestServer
    init() throws { emulator = try TestServer.start() }

    @Test func oversizedQuery_is400Code1_notA500() throws {
        let client = emulator.inProcessClient()
        #expect(try client.post("/1.1/classes/Post", json: ["title": "a"]).status == 201)
        // A long `$or` runs (SQLFragment joins long lists as a balanced tree); deep nesting cannot.
        let wide = JSON.object(["$or": .array((0..<1500).map { ["likes": .number(Double($0))] })])
        #expect(try client.get("/1.1/classes/Post?where=" + QueryString.escape(wide.jsonString)).status == 200)
        var deep: JSON = ["likes": 1]
        for level in 0..<200 { deep = ["$or": [deep, ["likes": .number(Double(level))]]] }
        let response = try client.get("/1.1/classes/Post?where=" + QueryString.escape(deep.jsonString))
        #expect(response.status == 400)
        #expect(response.text == #"{"code":1,"error":"Invalid query: the query is too large or too deeply nested."}"#)
        let order = try client.get("/1.1/classes/Post?order=" + (0..<2500).map { "f\($0)" }.joined(separator: ","))
        #expect(order.status == 400)
        #expect(order.json?["code"] == 1)
    }

    @Test func scanCursor_withAnOutOfRangeExpiry_isRejected_notACrash() throws {
        let client = emulator.inProcessClient(credentials: .masterKey)
        _ = try client.post("/1.1/classes/Post", json: ["title": "a"])
        for expiry in ["1e300", "-1e300", "9223372036854775808", "\"x\""] {
            let cursor = Data(#"{"k":"a","e":\#(expiry)}"#.utf8).base64EncodedString()
            let response = try client.get("/1.1/scan/classes/Post?cursor=" + QueryString.escape(cursor))
            #expect(response.status == 400, "expiry \(expiry)")
            #expect(response.json?["code"] == 1)
        }
    }

    @Test func clock_cannotBeMovedOutOfRange_andStaysUsable() throws {
        let client = emulator.inProcessClient(credentials: .masterKey)
        for _ in 0..<4 {
            let response = try client.post("/__admin/clock", json: ["advance": "50000000000d"])
            #expect(response.status == 400)
            #expect(response.json?["code"] == 1)
        }
        for set: JSON in [.number(-1e15 + 1), .number(9.9e14), "-200000-01-01T00:00:00.000Z", "2106-02-07T06:28:16.000Z"] {
            let response = try client.post("/__admin/clock", json: ["set": set])
            #expect(response.status == 400, "set \(set)")
        }
        #expect(try client.post("/__admin/clock", json: ["set": "2106-02-07T06:28:15.999Z"]).status == 200)
        #expect(try client.get("/1.1/date").status == 200)
        let created = try client.post("/1.1/classes/Post", json: ["title": "still"])
        #expect(created.status == 201)
        #expect(created.json?["objectId"]?.stringValue?.hasPrefix("ffffffff") == true, "the last second an id can hold")
    }

    @Test func queryOnMixedArray_withMemberConditions_matchesObjectElements_notA500() throws {
        let client = emulator.inProcessClient()
        let date: JSON = ["__type": "Date", "iso": "2026-01-01T00:00:00.000Z"]
        let created = try client.post("/1.1/classes/Mixed", json: ["v": ["a", 1, date]])
        #expect(created.status == 201)
        let after: JSON = ["v": ["$gt": ["__type": "Date", "iso": "2020-01-01T00:00:00.000Z"]]]
        let response = try client.get("/1.1/classes/Mixed?where=" + QueryString.escape(after.jsonString))
        #expect(response.status == 200, "\(response.text)")
        #expect(response.json?["results"]?.arrayValue?.count == 1)
        let inQuery: JSON = ["v": ["$inQuery": ["className": "Mixed", "where": [:]]]]
        #expect(try client.get("/1.1/classes/Mixed?where=" + QueryString.escape(inQuery.jsonString)).status == 200)
    }

    @Test func catastrophicRegex_isCutOff_notAPinnedWorker() throws {
        let client = emulator.inProcessClient()
        #expect(try client.post("/1.1/classes/R", json: ["t": .string(String(repeating: "a", count: 40) + "!")]).status == 201)
        let evil: JSON = ["t": ["$regex": "^(a+)+$"]]
        let started = ContinuousClock.now
        let response = try client.get("/1.1/classes/R?where=" + QueryString.escape(evil.jsonString))
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(response.status == 400 && response.json?["code"] == 1, "\(response.text)")
        // A conditional write with the same pattern fails its condition (305) instead of hanging.
        let id = try #require(client.get("/1.1/classes/R").json?["results"]?[0]?["objectId"]?.stringValue)
        let put = try client.put("/1.1/classes/R/\(id)?where=" + QueryString.escape(evil.jsonString), json: ["t": "b"])
        #expect(put.json?["code"] == 305, "\(put.text)")
        // Ordinary patterns still match.
        let plain = try client.get("/1.1/classes/R?where=" + QueryString.escape(JSON.object(["t": ["$regex": "^a+!$"]]).jsonString))
        #expect(plain.json?["results"]?.arrayValue?.count == 1)
    }
}
