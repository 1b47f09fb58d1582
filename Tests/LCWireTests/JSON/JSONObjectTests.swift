import Testing
@testable import LCWire

@Suite struct JSONObjectTests {
    @Test func object_keepsInsertionOrder() {
        var object: JSONObject = ["z": 1, "a": 2]
        object["m"] = 3
        #expect(object.keys == ["z", "a", "m"])
        #expect(object.values == [1, 2, 3])
        #expect(object.map(\.key) == ["z", "a", "m"])
    }

    @Test func object_setOnExistingKeyKeepsPosition() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["b"] = "x"
        #expect(object.keys == ["a", "b", "c"])
        #expect(object["b"] == "x")
    }

    @Test func object_setNilRemoves() {
        var object: JSONObject = ["a": 1, "b": 2]
        object["a"] = nil
        #expect(object.keys == ["b"])
        #expect(object.count == 1)
        object["missing"] = nil
        #expect(object.count == 1)
    }

    @Test func object_setNullStoresNull() {
        var object = JSONObject()
        object["a"] = .null
        #expect(object["a"] == .null)
        #expect(object.contains(key: "a"))
    }

    @Test func object_removeValueReturnsOldValue() {
        var object: JSONObject = ["a": 1]
        #expect(object.removeValue(forKey: "a") == 1)
        #expect(object.removeValue(forKey: "a") == nil)
        #expect(object.isEmpty)
    }

    @Test func object_equalityIgnoresOrder() {
        let lhs: JSONObject = ["a": 1, "b": [2, 3]]
        let rhs: JSONObject = ["b": [2, 3], "a": 1]
        #expect(lhs == rhs)
        #expect(JSON.object(lhs) == JSON.object(rhs))
        #expect(lhs != ["a": 1])
        #expect(lhs != ["a": 1, "c": [2, 3]])
        #expect(lhs != ["a": 1, "b": [3, 2]])
    }

    @Test func object_initFromPairsLastValueWins() {
        let object = JSONObject([("a", 1), ("b", 2), ("a", 3)])
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == 3)
    }

    @Test func object_largeObjectsStayConsistentAcrossIndexThreshold() {
        var object = JSONObject()
        for index in 0..<100 { object["k\(index)"] = JSON(index) }
        #expect(object.count == 100)
        #expect(object["k57"] == 57)
        object["k10"] = nil
        #expect(object["k11"] == 11)
        #expect(object["k10"] == nil)
        object["k50"] = "changed"
        #expect(object.keys[49] == "k50")
        object["k10"] = 10
        #expect(object.keys.last == "k10")
        #expect(object.count == 100)
    }

    @Test func json_accessorsReturnTypedValues() {
        let value: JSON = ["s": "x", "n": 2.5, "i": 3, "b": true, "a": [1], "o": ["k": nil]]
        #expect(value["s"]?.stringValue == "x")
        #expect(value["n"]?.doubleValue == 2.5)
        #expect(value["n"]?.intValue == nil)
        #expect(value["i"]?.intValue == 3)
        #expect(value["i"]?.int64Value == 3)
        #expect(value["b"]?.boolValue == true)
        #expect(value["i"]?.boolValue == nil)
        #expect(value["a"]?.arrayValue == [1])
        #expect(value["a"]?[0] == 1)
        #expect(value["a"]?[1] == nil)
        #expect(value["a"]?[-1] == nil)
        #expect(value["o"]?.objectValue == ["k": nil])
        #expect(value["o"]?["k"]?.isNull == true)
        #expect(value["missing"] == nil)
        #expect(value["s"]?["x"] == nil)
        #expect(JSON.number(1e300).intValue == nil)
    }

    @Test func json_initializersBuildNumbersAndStrings() {
        #expect(JSON(3) == 3)
        #expect(JSON(Int64(4)) == 4)
        #expect(JSON(2.5) == 2.5)
        #expect(JSON("s") == "s")
        #expect(JSON(false) == false)
    }
}
