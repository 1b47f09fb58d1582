import EmuTestSupport
import Foundation
import EmuTesting
import LCWire
import Testing

/// `_Role` and `/1.1/roles` (spec §6.4).
@Suite struct RoleTests {
    let fixture: AccessFixture
    var master: TestClient { fixture.master }
    init() throws { fixture = try AccessFixture() }

    @Test func create_answers201WithRolesLocation_andFetchShowsTheRelations() throws {
        let response = try master.post("/1.1/roles", json: ["name": "CLevel", "ACL": ["*": ["read": true]]])
        #expect(response.status == 201)
        let id = try #require(response.json?["objectId"]?.stringValue)
        #expect(response.headers["Location"] == "http://localhost/1.1/roles/\(id)")
        let role = try fixture.emulator.inProcessClient().get("/1.1/roles/\(id)").json
        #expect(role?["name"] == "CLevel")
        #expect(role?["users"] == ["__type": "Relation", "className": "_User"])
        #expect(role?["roles"] == ["__type": "Relation", "className": "_Role"])
    }

    @Test(arguments: [
        (["ACL": ["*": ["read": true]]] as JSON, 139), (["name": "has space", "ACL": ["*": ["read": true]]], 139),
        (["name": "dash-ed", "ACL": ["*": ["read": true]]], 139), (["name": 7, "ACL": ["*": ["read": true]]], 111),
        (["name": "", "ACL": ["*": ["read": true]]], 139), (["name": "NoACL"], 123),
        (["name": "Members", "ACL": ["*": ["read": true]]], 137),
        (["name": "BadUsers", "ACL": ["*": ["read": true]], "users": "x"], 111),
        (["name": "WrongTarget", "ACL": ["*": ["read": true]],
          "users": ["__op": "AddRelation", "objects": [["__type": "Pointer", "className": "Post", "objectId": "0123456789abcdef01234567"]]]], 111),
    ] as [(JSON, Int)])
    func create_refusesInvalidRoles_evenWithTheMasterKey(body: JSON, code: Int) throws {
        let response = try master.post("/1.1/roles", json: body)
        #expect(response.status == 400)
        #expect(errorCode(response) == code, "\(response.text)")
        if code == 139 { #expect(response.text == #"{"code":139,"error":"Role's name is invalid."}"#) }
    }

    @Test func name_isImmutable_butMayBeSentAgainUnchanged() throws {
        let path = "/1.1/roles/\(fixture.membersRole)"
        #expect(errorCode(try master.put(path, json: ["name": "Renamed"])) == 139)
        #expect(errorCode(try master.put(path, json: ["name": ["__op": "Delete"]])) == 139)
        #expect(try master.put(path, json: ["name": "Members", "note": "x"]).status == 200)
        #expect(errorCode(try master.put(path, json: ["ACL": JSON.null])) == 123)
    }

    @Test func rolesOfAUser_byRelationEquality() throws {
        let query = #"{"users":{"__type":"Pointer","className":"_User","objectId":"\#(fixture.member)"}}"#
        let results = try fixture.emulator.inProcessClient().get("/1.1/roles?where=\(encoded(query))").json?["results"]
        #expect(results?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Members"])
    }

    @Test func usersOfARole_byRelatedTo_directMembersOnly() throws {
        let query = #"{"$relatedTo":{"object":{"__type":"Pointer","className":"_Role","objectId":"\#(fixture.membersRole)"},"key":"users"}}"#
        // `_User` find is closed by default (spec §6.3): master.
        let results = try master.get("/1.1/classes/_User?where=\(encoded(query))").json?["results"]
        #expect(results?.arrayValue?.compactMap { $0["username"]?.stringValue } == ["member"])
    }

    @Test func update_andDelete_needWriteAccessOnTheRole() throws {
        let writable = try AccessFixture.createRole(
            "Editors", users: [], roles: [], with: master,
            acl: .object(["*": ["read": true], fixture.owner: ["write": true]]))
        let other = try fixture.client(.other), owner = try fixture.client(.owner)
        let add: JSON = ["users": AccessFixture.relation([pointer("_User", fixture.other)])]
        #expect(try other.put("/1.1/roles/\(writable)", json: add).status == 403)
        #expect(try owner.put("/1.1/roles/\(writable)", json: add).status == 200)
        #expect(try other.delete("/1.1/roles/\(writable)").status == 403)
        #expect(try owner.delete("/1.1/roles/\(writable)").status == 200)
    }

    @Test func membership_grantsAccess_andRemovalRevokesIt() throws {
        let id = try master.create("Doc", ["ACL": ["role:Members": ["read": true]]])
        let other = try fixture.client(.other)
        #expect(try other.get("/1.1/classes/Doc/\(id)").status == 403)
        let add: JSON = ["users": AccessFixture.relation([pointer("_User", fixture.other)])]
        #expect(try master.put("/1.1/roles/\(fixture.membersRole)", json: add).status == 200)
        #expect(try other.get("/1.1/classes/Doc/\(id)").status == 200)
        let remove: JSON = ["users": ["__op": "RemoveRelation", "objects": [pointer("_User", fixture.other)]]]
        #expect(try master.put("/1.1/roles/\(fixture.membersRole)", json: remove).status == 200)
        #expect(try other.get("/1.1/classes/Doc/\(id)").status == 403)
    }

    @Test func inheritance_followsChains_andStopsAtCycles() throws {
        // Owners ∈ Admins.roles: members of Owners get Admins, then Members (Admins ∈ Members.roles).
        let owners = try AccessFixture.createRole("Owners", users: [fixture.owner], roles: [], with: master)
        let addOwners: JSON = ["roles": AccessFixture.relation([pointer("_Role", owners)])]
        #expect(try master.put("/1.1/roles/\(fixture.adminsRole)", json: addOwners).status == 200)
        // A cycle: Members ∈ Owners.roles.
        let addMembers: JSON = ["roles": AccessFixture.relation([pointer("_Role", fixture.membersRole)])]
        #expect(try master.put("/1.1/roles/\(owners)", json: addMembers).status == 200)
        let id = try master.create("Doc", ["ACL": ["role:Members": ["read": true]]])
        #expect(try fixture.client(.owner).get("/1.1/classes/Doc/\(id)").status == 200)
        let ownersOnly = try master.create("Doc", ["ACL": ["role:Owners": ["read": true]]])
        // Through the cycle every member of Members, Admins and Owners now holds Owners.
        #expect(try fixture.client(.roleMember).get("/1.1/classes/Doc/\(ownersOnly)").status == 200)
        #expect(try fixture.client(.other).get("/1.1/classes/Doc/\(ownersOnly)").status == 403)
    }

    @Test func deletedRole_grantsNothing() throws {
        let id = try master.create("Doc", ["ACL": ["role:Admins": ["read": true]]])
        #expect(try fixture.client(.childRoleMember).get("/1.1/classes/Doc/\(id)").status == 200)
        #expect(try master.delete("/1.1/roles/\(fixture.adminsRole)").status == 200)
        #expect(try fixture.client(.childRoleMember).get("/1.1/classes/Doc/\(id)").status == 403)
    }
}
