import Foundation
import EmuTesting
import LCWire
import Testing

/// Odd values that are valid to store (deep nesting, long text, NULs, mixed types under one
/// key, dangling pointers) and every read that walks them: queries, order, include, keys,
/// conditional writes. None may crash or answer 500.
@Suite struct StoredOdditiesTests {
    static let oddValues: [JSON] = [
        BadInput.deep(100), .string(String(repeating: "長", count: 20_000)), "a\u{0}b", 1e308, -0.0, [1, "a", [2, [3]], ["b": .null]],
        ["__type": "Pointer", "className": "Post", "objectId": "0000000000000000deadbeef"],
        ["__type": "Pointer", "className": "_User", "objectId": "0000000000000000deadbeef"],
        [["__type": "Pointer", "className": "Nope", "objectId": "x"], 5], ["__type": "Date", "iso": "2026-01-01T00:00:00.000Z"],
        ["__type": "GeoPoint", "latitude": 90, "longitude": -180], ["x.y": 1], ["": 1],
    ]

    static let reads = [
        "where=%7B%22v%22%3A%7B%22%24exists%22%3Atrue%7D%7D", "order=v,-v.x,v.0", "include=v,v.d.d.d", "keys=v.d.d,-v",
        "where=%7B%22v%22%3A%7B%22%24regex%22%3A%22%5E%E9%95%B7%22%7D%7D", "where=%7B%22v.d.d%22%3A1%7D",
        "where=%7B%22v%22%3A%7B%22%24all%22%3A%5B1%5D%7D%7D", "where=%7B%22v%22%3A%7B%22%24size%22%3A4%7D%7D",
        "where=%7B%22v%22%3A%7B%22%24nearSphere%22%3A%7B%22__type%22%3A%22GeoPoint%22%2C%22latitude%22%3A1%2C%22longitude%22%3A1%7D%7D%7D",
        "where=%7B%22v%22%3A%7B%22%24inQuery%22%3A%7B%22where%22%3A%7B%7D%2C%22className%22%3A%22Post%22%7D%7D%7D",
        "where=%7B%22v%22%3A%7B%22%24select%22%3A%7B%22query%22%3A%7B%22className%22%3A%22Odd%22%7D%2C%22key%22%3A%22v%22%7D%7D%7D",
        "where=%7B%22%24relatedTo%22%3A%7B%22object%22%3A%7B%22__type%22%3A%22Pointer%22%2C%22className%22%3A%22Odd%22%2C%22objectId%22%3A%22x%22%7D%2C%22key%22%3A%22v%22%7D%7D",
        "where=%7B%22v%22%3A%7B%22%24gt%22%3A%7B%22__type%22%3A%22Date%22%2C%22iso%22%3A%222020-01-01T00%3A00%3A00.000Z%22%7D%7D%7D",
        "count=1&limit=0", "limit=1000&skip=1",
    ]

    @Test func oddStoredValues_surviveEveryRead() throws {
        let fixture = try RobustnessFixture()
        let master = fixture.clients[1].client
        // One class per value: a field keeps the type of its first value (111 otherwise).
        var stored: [(className: String, id: String)] = []
        for (index, value) in Self.oddValues.enumerated() {
            let created = try master.post("/1.1/classes/Odd\(index)", json: ["v": value])
            ResponseShape.check(created, RouteSample(method: "POST", pattern: "/1.1/classes/:className"), value.jsonString.prefix(40).description)
            if let id = created.json?["objectId"]?.stringValue { stored.append(("Odd\(index)", id)) }
        }
        #expect(stored.count >= Self.oddValues.count - 2)
        let query = RouteSample(method: "GET", pattern: "/1.1/classes/:className")
        let fetch = RouteSample(method: "GET", pattern: "/1.1/classes/:className/:objectId")
        let update = RouteSample(method: "PUT", pattern: "/1.1/classes/:className/:objectId")
        for (name, client) in fixture.deepClients {
            for (className, id) in stored {
                for read in Self.reads {
                    ResponseShape.check(try client.get("/1.1/classes/\(className)?" + read), query, "\(name) \(className) \(read)")
                    ResponseShape.check(try client.get("/1.1/classes/\(className)/\(id)?" + read), fetch, "\(name) \(read)")
                    let put = try client.put("/1.1/classes/\(className)/\(id)?" + read, json: ["w": ["__op": "Increment", "amount": 1]])
                    ResponseShape.check(put, update, "\(name) conditional \(className) \(read)")
                }
                for op: JSON in [["__op": "Increment", "amount": 1], ["__op": "Add", "objects": [1]], ["__op": "Remove", "objects": [1]],
                                 ["__op": "AddUnique", "objects": [[1]]], ["__op": "Delete"], ["__op": "BitOr", "value": 1],
                                 ["__op": "AddRelation", "objects": [["__type": "Pointer", "className": .string(className), "objectId": .string(id)]]]] {
                    let response = try client.put("/1.1/classes/\(className)/\(id)", json: ["v": op, "v.d": op])
                    ResponseShape.check(response, update, "\(name) \(op.jsonString) on \(className)")
                }
            }
        }
        #expect(try fixture.stillAnswers())
    }
}
