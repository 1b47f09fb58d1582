import EmuTestSupport
import EmuAPI
import EmuTesting
import Foundation
import LCWire
import Testing

/// The ACL on every path that reads or writes objects: batch, batch/save, conditional writes,
/// inner queries, CQL, returnACL; and ACL validation (spec §2.4–2.6, §3.5, §4, §6).
@Suite struct ACLPathTests {
    let fixture: AccessFixture
    var master: TestClient { fixture.master }
    init() throws { fixture = try AccessFixture() }

    private func ownerOnlyDoc() throws -> String {
        try master.create("Doc", ["title": "t", "n": 1, "ACL": .object([fixture.owner: ["read": true, "write": true]])])
    }

    @Test func batch_checksEverySubRequestOnItsOwn() throws {
        let id = try ownerOnlyDoc()
        let open = try master.create("Doc", ["title": "open"])
        let requests: JSON = ["requests": [
            ["method": "GET", "path": .string("/1.1/classes/Doc/\(id)")],
            ["method": "PUT", "path": .string("/1.1/classes/Doc/\(id)"), "body": ["title": "x"]],
            ["method": "PUT", "path": .string("/1.1/classes/Doc/\(open)"), "body": ["title": "y"]],
            ["method": "DELETE", "path": .string("/1.1/classes/Doc/\(id),\(open)")],
        ]]
        let items = try #require(try fixture.client(.other).post("/1.1/batch", json: requests).json?.arrayValue)
        #expect(items[0] == ["error": ["code": 403, "error": "Forbidden reading by object's ACL."]])
        #expect(items[1] == ["error": ["code": 403, "error": "Forbidden writing by object's ACL."]])
        #expect(items[2]["success"]?["updatedAt"] != nil)
        #expect(items[3] == ["error": ["code": 403, "error": "Forbidden writing by object's ACL."]])
        #expect(try master.get("/1.1/classes/Doc/\(open)").text == "{}")
        let owned = try fixture.client(.owner).post("/1.1/batch", json: requests).json?.arrayValue
        #expect(owned?[0]["success"]?["title"] == "t")
    }

    @Test func batchSave_failsWholeOnADeniedUpdate() throws {
        let id = try ownerOnlyDoc()
        let response = try fixture.client(.other).post("/1.1/batch/save", json: ["requests": [
            ["method": "POST", "path": "/1.1/classes/Doc", "new": true, "body": ["__internalId": "a", "title": "n"]],
            ["method": "PUT", "path": .string("/1.1/classes/Doc/\(id)"), "body": ["__internalId": .string(id), "title": "x"]],
        ]])
        #expect(response.status == 403)
        #expect(response.text == #"{"code":403,"error":"Forbidden writing by object's ACL."}"#)
        #expect(try master.get("/1.1/classes/Doc?count=1&limit=0").json?["count"] == 1)
    }

    @Test func conditionalWrites_checkTheACLBeforeTheCondition() throws {
        let id = try ownerOnlyDoc()
        let matching = encoded(#"{"n":1}"#), failing = encoded(#"{"n":2}"#)
        let other = try fixture.client(.other), owner = try fixture.client(.owner)
        #expect(try other.put("/1.1/classes/Doc/\(id)?where=\(matching)", json: ["n": 5]).status == 403)
        #expect(try other.put("/1.1/classes/Doc/\(id)?where=\(failing)", json: ["n": 5]).status == 403)
        #expect(try other.delete("/1.1/classes/Doc/\(id)?where=\(matching)").status == 403)
        #expect(errorCode(try owner.put("/1.1/classes/Doc/\(id)?where=\(failing)", json: ["n": 5])) == 305)
        #expect(try owner.put("/1.1/classes/Doc/\(id)?where=\(matching)", json: ["n": 5]).status == 200)
    }

    @Test func innerQueries_seeOnlyReadableObjects() throws {
        let hidden = try ownerOnlyDoc()
        try master.create("Holder", ["doc": pointer("Doc", hidden), "tag": "t"])
        let inQuery = encoded(#"{"doc":{"$inQuery":{"className":"Doc","where":{"title":"t"}}}}"#)
        let select = encoded(#"{"tag":{"$select":{"query":{"className":"Doc","where":{}},"key":"title"}}}"#)
        for (principal, expected) in [(Principal.other, 0), (.owner, 1), (.master, 1)] {
            let client = try fixture.client(principal)
            #expect(try client.get("/1.1/classes/Holder?where=\(inQuery)").json?["results"]?.arrayValue?.count == expected)
            #expect(try client.get("/1.1/classes/Holder?where=\(select)").json?["results"]?.arrayValue?.count == expected)
        }
    }

    @Test func cloudQuery_leavesOutUnreadableObjects() throws {
        _ = try ownerOnlyDoc()
        try master.create("Doc", ["title": "open"])
        let cql = encoded("select count(*), * from Doc")
        #expect(try fixture.client(.other).get("/1.1/cloudQuery?cql=\(cql)").json?["count"] == 1)
        #expect(try fixture.client(.owner).get("/1.1/cloudQuery?cql=\(cql)").json?["count"] == 2)
    }

    @Test func returnACL_needsTheAppSetting() throws {
        let id = try master.create("Doc", ["ACL": ["*": ["read": true]]])
        #expect(try master.get("/1.1/classes/Doc/\(id)?returnACL=true").json?["ACL"] == nil)
        #expect(try master.get("/1.1/classes/Doc?returnACL=true").json?["results"]?[0]?["ACL"] == nil)
        let on = try AccessFixture { $0.apps[0].options.returnACL = true }
        let shown = try on.master.create("Doc", ["ACL": ["*": ["read": true]]])
        #expect(try on.master.get("/1.1/classes/Doc/\(shown)?returnACL=true").json?["ACL"] == ["*": ["read": true]])
        #expect(try on.master.get("/1.1/classes/Doc?returnACL=true").json?["results"]?[0]?["ACL"] == ["*": ["read": true]])
        #expect(try on.master.get("/1.1/classes/Doc/\(shown)").json?["ACL"] == nil)
    }

    @Test(arguments: [
        ["u s e r": ["read": true]] as JSON, ["role:": ["read": true]], ["role:bad-name": ["read": true]],
        ["*": ["read": true, "admin": true]], ["*": ["read": 1]], ["*": []], ["user.id": ["read": true]],
    ])
    func malformedACL_is123_onCreateUpdateAndBatch(acl: JSON) throws {
        let id = try master.create("Doc", ["title": "t"])
        #expect(errorCode(try master.post("/1.1/classes/Doc", json: ["ACL": acl])) == 123)
        #expect(errorCode(try master.put("/1.1/classes/Doc/\(id)", json: ["ACL": acl])) == 123)
        let batch = try master.post("/1.1/batch", json: ["requests": [["method": "POST", "path": "/1.1/classes/Doc", "body": ["ACL": acl]]]])
        #expect(batch.json?[0]?["error"]?["code"] == 123)
    }

    @Test func wellFormedACLs_areAccepted() throws {
        let acl: JSON = .object(["*": ["read": true, "write": false], fixture.owner: ["write": true],
                                 "role:Members": ["read": true], "Ab12": [:]])
        #expect(try master.post("/1.1/classes/Doc", json: ["ACL": acl]).status == 201)
    }
}
