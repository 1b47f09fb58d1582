import Testing
@testable import LCWire

@Suite struct TypedValueTests {
    @Test func typeNames_matchSpelling() {
        #expect(LCTypeName.allCases.map(\.rawValue) == ["Date", "Bytes", "Pointer", "Relation", "File", "GeoPoint", "Object"])
        #expect(LCTypeName(of: ["__type": "Relation", "className": "_User"]) == .relation)
        #expect(LCTypeName(of: ["__type": "Nope"]) == nil)
        #expect(LCTypeName(of: "Date") == nil)
    }

    @Test func operationNames_matchSpelling() {
        #expect(LCOperationName.allCases.map(\.rawValue) == [
            "Delete", "Increment", "Decrement", "Add", "AddUnique", "Remove",
            "AddRelation", "RemoveRelation", "BitAnd", "BitOr", "BitXor", "Batch",
        ])
        #expect(LCOperationName(of: ["__op": "Increment", "amount": 1]) == .increment)
        #expect(LCOperationName(of: ["__op": 1]) == nil)
    }

    @Test func pointer_roundTripsThroughJSON() {
        let pointer = LCPointer(className: "Post", objectId: "55a39634e4b0ed48f0c1845c")
        #expect(pointer.json.jsonString == #"{"__type":"Pointer","className":"Post","objectId":"55a39634e4b0ed48f0c1845c"}"#)
        #expect(LCPointer(json: pointer.json) == pointer)
    }

    @Test func pointer_acceptsIncludedPointerWithExtraFields() {
        let included: JSON = ["__type": "Pointer", "className": "_User", "objectId": "a", "username": "tom"]
        #expect(LCPointer(json: included) == LCPointer(className: "_User", objectId: "a"))
    }

    static let malformedPointers: [JSON] = [
        ["__type": "Pointer", "className": "Post"],
        ["__type": "Pointer", "objectId": "x"],
        ["__type": "Pointer", "className": "", "objectId": "x"],
        ["__type": "Pointer", "className": "Post", "objectId": 1],
        ["__type": "Object", "className": "Post", "objectId": "x"],
        ["className": "Post", "objectId": "x"],
        "Post",
    ]

    @Test(arguments: malformedPointers)
    func pointer_rejectsMalformedJSON(json: JSON) {
        #expect(LCPointer(json: json) == nil)
    }

    @Test func geoPoint_roundTripsThroughJSON() throws {
        let point = try #require(LCGeoPoint(latitude: 39.9, longitude: 116.4))
        #expect(point.json.jsonString == #"{"__type":"GeoPoint","latitude":39.9,"longitude":116.4}"#)
        #expect(LCGeoPoint(json: point.json) == point)
    }

    static let geoBounds: [(Double, Double, Bool)] = [
        (0, 0, true), (90, 180, true), (-90, -180, true), (39.9, 116.4, true),
        (90.0001, 0, false), (-90.5, 0, false), (0, 180.5, false), (0, -181, false),
        (.nan, 0, false), (0, .nan, false), (.infinity, 0, false), (0, -.infinity, false),
    ]

    @Test(arguments: geoBounds)
    func geoPoint_validatesRanges(latitude: Double, longitude: Double, valid: Bool) {
        #expect((LCGeoPoint(latitude: latitude, longitude: longitude) != nil) == valid)
        #expect(LCGeoPoint.isValid(latitude: latitude, longitude: longitude) == valid)
    }

    @Test func geoPoint_rejectsMalformedJSON() {
        #expect(LCGeoPoint(json: ["__type": "GeoPoint", "latitude": 91, "longitude": 0]) == nil)
        #expect(LCGeoPoint(json: ["__type": "GeoPoint", "latitude": "1", "longitude": 0]) == nil)
        #expect(LCGeoPoint(json: ["latitude": 1, "longitude": 0]) == nil)
    }

    @Test func fieldNames_areSpelledAsOnTheWire() {
        #expect(LCFieldName.objectId == "objectId")
        #expect(LCFieldName.acl == "ACL")
        #expect(LCFieldName.sessionToken == "sessionToken")
        #expect(LCFieldName.serverManaged == ["objectId", "createdAt", "updatedAt"])
        #expect(LCWireKey.type == "__type")
        #expect(LCWireKey.op == "__op")
    }
}
