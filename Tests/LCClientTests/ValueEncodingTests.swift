import Foundation
import LCClient
import Testing

struct ValueEncodingTests {
    @Test(arguments: [
        (LCOperation.delete, #"{"__op":"Delete"}"#),
        (.increment(2), #"{"__op":"Increment","amount":2}"#),
        (.decrement(1.5), #"{"__op":"Decrement","amount":1.5}"#),
        (.add(["a"]), #"{"__op":"Add","objects":["a"]}"#),
        (.addUnique([1]), #"{"__op":"AddUnique","objects":[1]}"#),
        (.remove([true]), #"{"__op":"Remove","objects":[true]}"#),
        (.addRelation([LCPointer(className: "T", objectId: "t1")]), #"{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"T","objectId":"t1"}]}"#),
        (.removeRelation([LCPointer(className: "T", objectId: "t1")]), #"{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"T","objectId":"t1"}]}"#),
        (.bitAnd(6), #"{"__op":"BitAnd","value":6}"#),
        (.bitOr(1), #"{"__op":"BitOr","value":1}"#),
        (.bitXor(3), #"{"__op":"BitXor","value":3}"#),
        (.batch([.delete]), #"{"__op":"Batch","ops":[{"__op":"Delete"}]}"#),
    ])
    func everyOperation_encodesAsDocumented(operation: LCOperation, expected: String) {
        #expect(operation.lcJSON.jsonString == expected)
    }

    @Test func everyType_isRecognisedWhenRead() throws {
        let json = try JSONParser.parse(#"""
        [{"__type":"Date","iso":"2015-06-21T18:02:52.249Z"},{"__type":"Bytes","base64":"AQID"},
         {"__type":"Pointer","className":"Post","objectId":"p1"},{"__type":"Relation","className":"_User"},
         {"__type":"File","objectId":"f1","url":"http://x/f","name":"f.txt"},{"__type":"GeoPoint","latitude":1,"longitude":2},
         {"__type":"Object","className":"Post","objectId":"p2","title":"t"},{"plain":1}]
        """#)
        let values = try #require(json.arrayValue).map(LCValue.init(json:))
        guard values.count == 8,
              case .date(let date) = values[0], case .bytes(let bytes) = values[1], case .pointer(let pointer) = values[2],
              case .relation(let relation) = values[3], case .file(let file) = values[4], case .geoPoint(let point) = values[5],
              case .object(let object) = values[6], case .dictionary = values[7] else {
            Issue.record("unexpected \(values)")
            return
        }
        #expect(date.timeIntervalSince1970 == 1_434_909_772.249)
        #expect(bytes == Data([1, 2, 3]))
        #expect(pointer.objectId == "p1")
        #expect(relation.className == "_User")
        #expect(file.url == "http://x/f")
        #expect(point.longitude == 2)
        #expect(object["title"] == "t")
    }

    @Test func writeForms_ofFilesObjectsAndACLs() {
        #expect(LCFile(objectId: "f1").lcJSON.jsonString == #"{"__type":"File","id":"f1"}"#)
        #expect(LCObject(className: "Post", objectId: "p1").lcJSON.jsonString == #"{"__type":"Pointer","className":"Post","objectId":"p1"}"#)
        var acl = LCACL()
        acl.allow(.read, for: .everyone)
        acl.allow(.write, for: .user("u1"))
        acl.allow(.read, for: .role("Admin"))
        #expect(acl.lcJSON.jsonString == #"{"*":{"read":true},"role:Admin":{"read":true},"u1":{"write":true}}"#)
        #expect(LCACL(json: acl.lcJSON) == acl)
    }
}
