@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTesting
@testable import EmuTools
import Foundation
import LCWire
import Testing

/// Inputs that pass the first checks and reach SQLite, the clock, the batch runner or the
/// renderer: large or deeply nested but well-formed. None may crash or answer 500.
@Suite struct DeepInputRobustnessTests {
    static let queryPaths = ["/1.1/classes/Post", "/1.1/users", "/1.1/roles", "/1.1/scan/classes/Post"]

    static func whereClauses() -> [(name: String, value: JSON)] {
        let many: [JSON] = (0..<1_500).map { .number(Double($0)) }
        var nestedOr: JSON = ["title": "x"]
        for _ in 0..<150 { nestedOr = ["$or": [nestedOr, ["likes": 1]]] }
        var deepOr: JSON = ["title": "x"]
        for _ in 0..<250 { deepOr = ["$or": [deepOr]] }
        var nestedAnd: JSON = ["title": "x"]
        for _ in 0..<150 { nestedAnd = ["$and": [nestedAnd]] }
        var inner: JSON = ["where": ["title": "x"], "className": "Post"]
        for _ in 0..<60 { inner = ["where": ["author": ["$inQuery": inner]], "className": "Post"] }
        let wide = JSON.object(JSONObject((0..<1500).map { ("f\($0)", JSON.number(Double($0))) }))
        return [
            ("in 1500", ["likes": ["$in": .array(many)]]), ("nin 1500", ["likes": ["$nin": .array(many)]]),
            ("all 1500", ["tags": ["$all": .array(many)]]), ("nested or", nestedOr), ("deep or", deepOr), ("nested and", nestedAnd),
            ("nested inQuery", ["author": ["$inQuery": inner]]), ("wide", wide),
            ("or 1500", ["$or": .array((0..<1500).map { ["likes": .number(Double($0))] })]),
            ("regex huge", ["title": ["$regex": .string(String(repeating: "(a|", count: 3000) + String(repeating: ")", count: 3000))]]),
            ("regex options", ["title": ["$regex": "a", "$options": "zzz"]]),
            ("deep path", [String(repeating: "a.", count: 500) + "b": 1]),
            ("size huge", ["tags": ["$size": 1e300]]), ("size neg", ["tags": ["$size": -1]]),
            ("near huge", ["loc": ["$nearSphere": ["__type": "GeoPoint", "latitude": 1e300, "longitude": -1e300]]]),
            ("within junk", ["loc": ["$within": ["$box": [1, 2]]]]), ("exists junk", ["title": ["$exists": ["a": 1]]]),
            ("gt date junk", ["createdAt": ["$gt": ["__type": "Date", "iso": "x"]]]),
            ("eq pointer junk", ["author": ["__type": "Pointer", "className": 5]]),
            ("number huge", ["likes": 1e308]), ("number tiny", ["likes": -1e-308]),
        ]
    }

    @Test func extremeWhereClauses_neverGet500() throws {
        let fixture = try RobustnessFixture()
        let client = fixture.clients[1].client
        for (name, clause) in Self.whereClauses() {
            for path in Self.queryPaths {
                let target = path + "?where=" + QueryString.escape(clause.jsonString) + "&count=1"
                let response = try client.get(target)
                ResponseShape.check(response, RouteSample(method: "GET", pattern: path), "where \(name)")
            }
        }
        #expect(try fixture.stillAnswers())
    }

    @Test func extremeKeysOrderInclude_neverGet500() throws {
        let fixture = try RobustnessFixture()
        let client = fixture.clients[1].client
        let long = (0..<3000).map { "f\($0)" }.joined(separator: ",")
        let deep = (0..<300).map { _ in "author" }.joined(separator: ".")
        for query in ["keys=" + long, "order=" + long, "include=" + long, "include=" + deep, "keys=" + deep,
                      "include=author&keys=-author", "keys=-" + long, "include=author.author.author&keys=author.x",
                      "limit=1000&skip=99999999999", "skip=9223372036854775807", "limit=9223372036854775807"] {
            for path in Self.queryPaths + ["/1.1/classes/Post/\(fixture.postId)", "/1.1/users/\(fixture.userId)", "/1.1/users/me"] {
                let response = try client.get(path + "?" + query)
                ResponseShape.check(response, RouteSample(method: "GET", pattern: path), String(query.prefix(60)))
            }
        }
        #expect(try fixture.stillAnswers())
    }

    /// Nesting at the parser's limit, over the socket so handlers run on the worker pool's
    /// threads and their stacks: create, fetch, query, update and batch all walk it recursively.
    @Test func nestingAtTheParserLimit_onWorkerThreads_neverCrashes() throws {
        let fixture = try RobustnessFixture()
        let live = fixture.emulator.client(credentials: .masterKey)
        let deep = BadInput.deep(505)
        var array: JSON = 1
        for _ in 0..<505 { array = [array] }
        let create = RouteSample(method: "POST", pattern: "/1.1/classes/:className")
        for (className, value) in [("Deep", deep), ("DeepArray", array)] {
            let created = try live.post("/1.1/classes/\(className)", json: ["v": value, "w": value])
            ResponseShape.check(created, create, "deep create")
            guard let id = created.json?["objectId"]?.stringValue else { continue }
            for target in ["/1.1/classes/\(className)/\(id)?include=v&keys=v.d.d", "/1.1/classes/\(className)?where=" + QueryString.escape(JSON.object(["v": value]).jsonString)] {
                let read = try live.get(target)
                ResponseShape.check(read, RouteSample(method: "GET", pattern: "/1.1/classes/:className"), "deep read")
            }
            let put = try live.put("/1.1/classes/\(className)/\(id)?where=" + QueryString.escape(JSON.object(["w": value]).jsonString), json: ["u": ["__op": "AddUnique", "objects": [value]]])
            #expect(put.status == 200, "\(put.text.prefix(200))")
            ResponseShape.check(put, RouteSample(method: "PUT", pattern: "/1.1/classes/:className/:objectId"), "deep update")
            let batch = try live.post("/1.1/batch", json: ["requests": [["method": "PUT", "path": .string("/1.1/classes/\(className)/\(id)"), "body": ["x": value]]]])
            ResponseShape.check(batch, RouteSample(method: "POST", pattern: "/1.1/batch"), "deep batch")
        }
        #expect(try fixture.stillAnswers())
    }
}
