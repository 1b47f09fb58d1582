import EmuTestSupport
import Foundation
import EmuTesting
import LCWire
import Testing

@Suite struct ObjectUpdateTests {
    let emulator: TestServer
    let client: TestClient
    init() throws {
        // The app setting that lets `returnACL=true` show the ACL (spec §6.2).
        emulator = try TestServer.start { $0.apps[0].options.returnACL = true }
        client = emulator.inProcessClient()
    }

    @Test func update_answersUpdatedAtThenObjectId_andKeepsOtherFields() throws {
        emulator.emulator.clock.set(milliseconds: 1_435_541_975_931)
        let id = try client.create("Post", ["title": "t", "body": "b"])
        emulator.emulator.clock.advance(milliseconds: 1000)
        let response = try client.update("Post", id, ["title": "new"])
        #expect(response.status == 200)
        #expect(response.text == #"{"updatedAt":"2015-06-29T01:39:36.931Z","objectId":"\#(id)"}"#)
        let object = try client.fetch("Post", id)
        #expect(object["title"] == "new")
        #expect(object["body"] == "b")
        #expect(object["createdAt"] == "2015-06-29T01:39:35.931Z")
        #expect(object["updatedAt"] == "2015-06-29T01:39:36.931Z")
    }

    @Test func update_refusesGrowingOver16MB_with116_andKeepsTheObject() throws {
        let id = try client.create("Post", ["title": "t"])
        let big = String(repeating: "x", count: 16 * 1024 * 1024)
        let response = try client.update("Post", id, ["blob": .string(big)])
        #expect(response.status == 400)
        #expect(response.text == #"{"code":116,"error":"The object is too large."}"#)
        let object = try client.fetch("Post", id)
        #expect(object["title"] == "t")
        #expect(object["blob"] == nil)
    }

    @Test func update_withFetchWhenSave_returnsOnlyTheChangedFields() throws {
        let id = try client.create("Post", ["counter": 100, "title": "t"])
        let response = try client.update("Post", id, ["counter": ["__op": "Increment", "amount": 3]], query: "fetchWhenSave=true")
        #expect(response.json?.objectValue?.keys == ["counter", "updatedAt", "objectId"])
        #expect(response.json?["counter"] == 103)
    }

    @Test func update_withFetchWhenSave_leavesOutDeletedFields_andReturnsWholeNestedField() throws {
        let id = try client.create("Post", ["gone": 1, "meta": ["a": 1]])
        let response = try client.update("Post", id, ["gone": ["__op": "Delete"], "meta.b": 2], query: "new=true")
        #expect(response.json?["gone"] == nil)
        #expect(response.json?["meta"] == ["a": 1, "b": 2])
    }

    @Test func update_withDotPaths_changesNestedMembers() throws {
        let id = try client.create("Person", ["occupation": ["profession": "x", "years": 1],
                                              "authData": ["weixin": ["uid": "1"], "qq": ["uid": "2"]]])
        let response = try client.update("Person", id, [
            "occupation.profession": "Other", "occupation.years": ["__op": "Increment", "amount": 2],
            "authData.weixin": ["__op": "Delete"], "deep.a.b": true, "occupation.skills": ["__op": "Add", "objects": ["go"]],
        ])
        #expect(response.status == 200, "\(response.text)")
        let object = try client.fetch("Person", id)
        #expect(object["occupation"] == ["profession": "Other", "years": 3, "skills": ["go"]])
        #expect(object["authData"] == ["qq": ["uid": "2"]])
        #expect(object["deep"] == ["a": ["b": true]])
    }

    @Test(arguments: [
        (["title.x": 1] as JSON, 111), (["a..b": 1], 105), (["a.$b": 1], 105), (["createdAt.x": 1], 105),
        (["bad?.x": 1], 105), (["a.b": ["c.d": 1]], 121),
    ] as [(JSON, Int)])
    func update_refusesBadDotPaths(body: JSON, code: Int) throws {
        let id = try client.create("Post", ["title": "t"])
        let response = try client.update("Post", id, body)
        #expect(response.status == 400)
        #expect(errorCode(response) == code, "\(response.text)")
    }

    @Test func update_ofUnknownObject_is404With101NamingTheId() throws {
        try client.create("Post", [:])
        let response = try client.update("Post", "558e20cbe4b060308e3eb36c", ["a": 1])
        #expect(response.status == 404)
        #expect(response.text == #"{"code":101,"error":"Could not find object by id '558e20cbe4b060308e3eb36c' for class 'Post'."}"#)
        #expect(try client.update("Nothing", "558e20cbe4b060308e3eb36c", ["a": 1]).status == 404)
    }

    @Test func update_withMatchingWhere_applies() throws {
        let id = try client.create("Account", ["balance": 100])
        let response = try client.update("Account", id, ["balance": ["__op": "Decrement", "amount": 30]],
                                         query: "where=%7B%22balance%22%3A%7B%22%24gte%22%3A30%7D%7D")
        #expect(response.status == 200)
        #expect(try client.fetch("Account", id)["balance"] == 70)
    }

    @Test func update_withFailingWhere_is305AndChangesNothing() throws {
        let id = try client.create("Account", ["balance": 10])
        let response = try client.update("Account", id, ["balance": ["__op": "Decrement", "amount": 30]],
                                         query: "where=%7B%22balance%22%3A%7B%22%24gte%22%3A30%7D%7D")
        #expect(response.status == 400)
        #expect(response.text == #"{"code":305,"error":"No effect on updating/deleting a document."}"#)
        #expect(try client.fetch("Account", id)["balance"] == 10)
    }

    @Test func update_whereComparesCreatedAtAsADate() throws {
        emulator.emulator.clock.set(milliseconds: 1_435_541_975_931)
        let id = try client.create("Post", [:])
        let before = #"{"createdAt":{"$lt":{"__type":"Date","iso":"2015-06-29T01:39:35.930Z"}}}"#
        let after = #"{"createdAt":{"$lte":{"__type":"Date","iso":"2015-06-29T09:39:35.931+08:00"}}}"#
        #expect(try client.update("Post", id, ["a": 1], query: "where=" + encoded(before)).status == 400)
        #expect(try client.update("Post", id, ["a": 1], query: "where=" + encoded(after)).status == 200)
    }

    @Test(arguments: [("{oops", 107), ("42", 107), (#"{"a":{"$foo":1}}"#, 1), (#"{"a":{"$regex":"("}}"#, 1)] as [(String, Int)])
    func update_withMalformedWhere_isRefused(where text: String, code: Int) throws {
        let id = try client.create("Post", [:])
        let response = try client.update("Post", id, ["a": 1], query: "where=" + encoded(text))
        #expect(response.status == 400)
        #expect(errorCode(response) == code, "\(response.text)")
    }

    @Test func update_canReplaceAndRemoveTheACL() throws {
        // Master: once the ACL names only u1, anonymous requests may neither read nor write.
        let client = emulator.inProcessClient(credentials: .masterKey)
        let id = try client.create("Post", ["ACL": ["*": ["read": true]]])
        _ = try client.update("Post", id, ["ACL": ["u1": ["read": true, "write": true]]])
        #expect(try client.fetch("Post", id, query: "returnACL=true")["ACL"] == ["u1": ["read": true, "write": true]])
        _ = try client.update("Post", id, ["ACL": ["__op": "Delete"]])
        #expect(try client.fetch("Post", id, query: "returnACL=true")["ACL"] == ["*": ["read": true, "write": true]])
    }

    @Test func update_ignoresServerManagedFields() throws {
        let id = try client.create("Post", [:])
        #expect(try client.update("Post", id, ["objectId": "x", "createdAt": "y", "t": 1]).status == 200)
        #expect(try client.fetch("Post", id)["objectId"] == .string(id))
    }
}
