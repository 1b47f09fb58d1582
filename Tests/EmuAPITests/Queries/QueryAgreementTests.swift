@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuTesting
@testable import EmuTools
import LCWire
import Primitives
import Testing

/// Property test: for random objects and random `where`s, the SQL compiler and the in-memory
/// `WhereMatcher` (the reference evaluator) return the same objects.
@Suite struct QueryAgreementTests {
    struct Generator {
        var rng: SeededRandom
        mutating func int(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }

        mutating func scalar() -> JSON {
            switch int(5) {
            case 0: return .number(Double(int(6)))
            case 1: return .number(Double(int(6)) + 0.5)
            case 2: return .string(pick(["a", "b", "B", "ab", "ba", "é", ""]))
            case 3: return .bool(int(2) == 0)
            default: return .null
            }
        }

        /// Each field holds one type across objects (as the schema enforces), or is missing.
        mutating func object() -> JSONObject {
            var o = JSONObject()
            if int(4) > 0 { o["n"] = .number(Double(int(8)) - 2) }
            if int(4) > 0 { o["s"] = .string(pick(["a", "b", "B", "ab", "ba", "é", "", "Abc"])) }
            if int(4) > 0 { o["t"] = .array((0..<int(4)).map { _ in .string(pick(["x", "y", "z"])) }) }
            if int(3) > 0 { o["f"] = .bool(int(2) == 0) }
            if int(3) == 0 { o["z"] = .null }
            if int(3) > 0 { o["d"] = LCDate(millisecondsSince1970: Int64(int(5)) * 86_400_000).json }
            return o
        }

        mutating func condition(depth: Int = 0) -> JSON {
            if depth < 2 && int(6) == 0 {
                let key = pick(["$or", "$and"])
                return .object(JSONObject([(key, .array((0..<(1 + int(3))).map { _ in condition(depth: depth + 1) }))]))
            }
            switch pick(["n", "s", "t", "f", "z", "d"]) {
            case "n": return field("n", pick([.number(Double(int(8)) - 2), .number(1.5)]), ops: ["$ne", "$lt", "$lte", "$gt", "$gte", "$in", "$nin", "$exists"])
            case "s": return field("s", .string(pick(["a", "b", "ab", "B", "é", ""])), ops: ["$ne", "$lt", "$gt", "$in", "$nin", "$regex", "$exists"])
            case "t": return field("t", .string(pick(["x", "y", "z"])), ops: ["$ne", "$in", "$nin", "$all", "$size", "$exists"])
            case "f": return field("f", .bool(int(2) == 0), ops: ["$ne", "$exists"])
            case "z": return field("z", .null, ops: ["$ne", "$exists"])
            default:
                return field("d", LCDate(millisecondsSince1970: Int64(int(5)) * 86_400_000).json, ops: ["$ne", "$lt", "$gte", "$exists"])
            }
        }

        mutating func field(_ name: String, _ value: JSON, ops: [String]) -> JSON {
            if int(3) == 0 { return .object(JSONObject([(name, value)])) }
            let op = pick(ops)
            let operand: JSON
            switch op {
            case "$in", "$nin", "$all": operand = .array([value, scalarLike(value)])
            case "$exists": operand = .bool(int(2) == 0)
            case "$size": operand = .number(Double(int(3)))
            case "$regex": operand = .string(pick(["^a", "b$", "a", "^$", "^A"]))
            default: operand = value
            }
            return .object(JSONObject([(name, .object(JSONObject([(op, operand)])))]))
        }

        mutating func scalarLike(_ value: JSON) -> JSON {
            switch value {
            case .number: return .number(Double(int(8)) - 2)
            case .string: return .string(pick(["a", "b", "x", "y"]))
            default: return value
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func sqlAndMatcher_agree(seed: UInt64) throws {
        var generator = Generator(rng: SeededRandom(seed: seed))
        let objects = (0..<40).map { _ in generator.object() }
        let engines = try WhereEngines(objects)
        var informative = 0
        for _ in 0..<150 {
            let condition = generator.condition()
            let sql = try engines.sql(condition)
            let expected = try engines.matcher(condition)
            #expect(sql == expected, "where \(condition.jsonString)")
            if !sql.isEmpty && sql.count < objects.count { informative += 1 }
        }
        // Most random queries must select a proper, non-empty subset, or the test proves little.
        #expect(informative > 75, "only \(informative) of 150 queries were selective")
    }
}
