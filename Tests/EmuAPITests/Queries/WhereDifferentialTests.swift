@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
@testable import EmuTools
import LCWire
import Testing

/// A differential test: every operator over a table of value shapes, through both
/// engines — the SQL compiler on a real in-memory SQLite store and the in-memory `WhereMatcher`
/// — must give the same answer: the same matching objects, or the same error code and message.
@Suite struct WhereDifferentialTests {
    /// Each field holds one type across objects (the schema fixes it), or null, or is missing.
    static let fields: [String: [JSON?]] = [
        "num": [nil, .null, 0, 1, 2.5, -1, 7],
        "str": [nil, .null, "", "a", "b", "B", "ab", "é"],
        "bool": [nil, .null, true, false],
        "date": [nil, .null, WhereShapes.date(1), WhereShapes.date(2), WhereShapes.date(3)],
        "ptr": [nil, .null, WhereShapes.pointer("u1"), WhereShapes.pointer("u2")],
        "geo": [nil, .null, WhereShapes.geo(39.9, 116.4), WhereShapes.geo(31.2, 121.5), WhereShapes.geo(40.0, 116.5)],
        "obj": [nil, .null, ["x": 1], ["x": 2, "y": "a"], ["x": "a"]],
        // Queried as `box.l`: a dotted path that may hold an array (QuerySchema.FieldKind.nested).
        "box": [nil, .null, ["l": [1, 2]], ["l": "a"], ["l": ["a", "b"]], ["l": [[1, 2]]], ["l": .null], [:],
                ["l": [.null]], ["l": 1], ["l": [WhereShapes.date(2)]]],
        "arr": [nil, .null, [], [1, 2], ["a", "b"], [true, false], [.null], [[1, 2]], [1, "a"],
                [WhereShapes.pointer("u1")], [WhereShapes.date(2)], ["a"], [1], [["x": 1]]],
    ]

    static let operands: [JSON] = [
        .null, true, false, 0, 1, 2.5, -1, "", "a", "b", "B", WhereShapes.date(2), WhereShapes.pointer("u1"),
        WhereShapes.geo(39.9, 116.4), ["x": 1], [1, 2], ["a", "b"], [], ["a"], [1], [.null],
    ]

    /// Every `where` of the table: each operator with each operand on each field, and more.
    static func conditions() -> [JSON] {
        var all: [JSON] = []
        for field in fields.keys.sorted() + ["obj.x", "box.l"] {
            func add(_ value: JSON) { all.append(.object(JSONObject([(field, value)]))) }
            for operand in operands {
                add(operand)
                for op in ["$ne", "$lt", "$lte", "$gt", "$gte"] { add(.object(JSONObject([(op, operand)]))) }
                for op in ["$in", "$nin", "$all"] {
                    add(.object(JSONObject([(op, .array([operand]))])))
                    add(.object(JSONObject([(op, .array([operand, "a", 1]))])))
                }
            }
            for op in ["$in", "$nin", "$all"] { add(.object(JSONObject([(op, .array([]))]))) }
            for flag in [true, false] { add(["$exists": .bool(flag)]) }
            for size in [0, 1, 2] { add(["$size": .number(Double(size))]) }
            for (pattern, options) in [("^a", ""), ("b", ""), ("^A", "i"), ("^$", ""), ("é", "")] {
                add(options.isEmpty ? ["$regex": .string(pattern)] : ["$regex": .string(pattern), "$options": .string(options)])
            }
            add(["$gt": 0, "$lt": 2])
            add(["$nearSphere": WhereShapes.geo(39.9, 116.4)])
            add(["$nearSphere": [116.4, 39.9], "$maxDistanceInKilometers": 50])
            add(["$nearSphere": WhereShapes.geo(39.9, 116.4), "$minDistanceInRadians": 0.001, "$maxDistanceInRadians": 0.5])
            add(["$within": ["$box": [[110, 30], [125, 35]]]])
            add(["$within": ["$box": [WhereShapes.geo(30, 110), WhereShapes.geo(41, 117)]]])
            add(["$within": ["$polygon": [[116, 39], [116.45, 39], [116.45, 41], [116, 41]]]])
            add(["$geoWithin": ["$centerSphere": [[116.4, 39.9], 0.01]]])
        }
        all += WhereShapes.compound + WhereShapes.malformed
        return all
    }

    @Test func sqlAndMatcher_giveTheSameAnswers() throws {
        let count = Self.fields.values.map(\.count).max() ?? 0
        let objects = (0..<count).map { index in
            var object = JSONObject()
            for (field, values) in Self.fields.sorted(by: { $0.key < $1.key }) {
                if let value = values[index % values.count] { object[field] = value }
            }
            return object
        }
        let engines = try WhereEngines(objects)
        var matched = 0, refused = 0
        for condition in Self.conditions() {
            let sql = WhereShapes.answer { try engines.sql(condition) }
            let memory = WhereShapes.answer { try engines.matcher(condition) }
            #expect(sql == memory, "where \(condition.jsonString)")
            if case .matches(let ids) = sql, !ids.isEmpty, ids.count < objects.count { matched += 1 }
            if case .refused = sql { refused += 1 }
        }
        // The table must say something: many selective conditions, and the malformed ones refused.
        #expect(matched > 400, "only \(matched) selective conditions")
        #expect(refused >= WhereShapes.malformed.count, "only \(refused) refusals")
    }
}
