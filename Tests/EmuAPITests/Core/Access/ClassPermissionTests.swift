import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// Class-level permissions from the app's `classPermissions` option (spec §6.3).
@Suite struct ClassPermissionTests {
    static let permissions: JSON = [
        "Note": ["create": "login", "find": ["role:Members"], "get": [], "update": "*", "add_fields": []],
        "Memo": ["delete": ["role:Admins"], "find": "login"],
    ]
    let fixture: AccessFixture
    var master: TestClient { fixture.master }

    init() throws {
        let options = try AppOptions(json: ["classPermissions": Self.permissions])
        fixture = try AccessFixture { $0.apps[0].options = options }
    }

    private func denied(_ response: TestClient.Response, _ operation: String,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == 403, sourceLocation: sourceLocation)
        #expect(response.text == #"{"code":403,"error":"Forbidden to \#(operation) by class permissions."}"#,
                sourceLocation: sourceLocation)
    }

    @Test func create_login_refusesAnonymousAndInvalidSessions() throws {
        denied(try fixture.client(.anonymous).post("/1.1/classes/Note", json: ["title": "a"]), "create")
        // A dead session is refused before any permission is consulted (AccessContext+Writes).
        let dead = try fixture.client(.invalidSession).post("/1.1/classes/Note", json: ["title": "a"])
        #expect(dead.status == 400 && dead.text == #"{"code":211,"error":"Could not find user."}"#)
        #expect(try master.post("/1.1/classes/Note", json: ["title": "m"]).status == 201)
        #expect(try fixture.client(.other).post("/1.1/classes/Note", json: ["title": "o"]).status == 201)
    }

    @Test func find_roleList_admitsMembersAndChildRoleMembers() throws {
        try master.create("Note", ["title": "m"])
        denied(try fixture.client(.other).get("/1.1/classes/Note"), "find")
        denied(try fixture.client(.anonymous).get("/1.1/classes/Note?count=1&limit=0"), "find")
        #expect(try fixture.client(.roleMember).get("/1.1/classes/Note").json?["results"]?.arrayValue?.count == 1)
        #expect(try fixture.client(.childRoleMember).get("/1.1/classes/Note").status == 200)
        let cql = "select%20*%20from%20Note"
        denied(try fixture.client(.other).get("/1.1/cloudQuery?cql=\(cql)"), "find")
    }

    @Test func get_emptyList_isMasterOnly() throws {
        let id = try master.create("Note", ["title": "m"])
        denied(try fixture.client(.owner).get("/1.1/classes/Note/\(id)"), "get")
        #expect(try master.get("/1.1/classes/Note/\(id)").status == 200)
    }

    @Test func addFields_emptyList_refusesNewFields_butNotKnownOnes() throws {
        let id = try master.create("Note", ["title": "m"])
        let owner = try fixture.client(.owner)
        #expect(try owner.put("/1.1/classes/Note/\(id)", json: ["title": "changed"]).status == 200)
        denied(try owner.put("/1.1/classes/Note/\(id)", json: ["brandNew": 1]), "add new fields")
        denied(try owner.post("/1.1/classes/Note", json: ["other": 1]), "add new fields")
        #expect(try owner.post("/1.1/classes/Note", json: ["title": "o"]).status == 201)
        #expect(try master.put("/1.1/classes/Note/\(id)", json: ["brandNew": 1]).status == 200)
        #expect(try owner.put("/1.1/classes/Note/\(id)", json: ["brandNew": 2]).status == 200)
    }

    @Test func delete_roleList_andLoginFind() throws {
        let id = try master.create("Memo", ["title": "m"])
        denied(try fixture.client(.anonymous).get("/1.1/classes/Memo"), "find")
        #expect(try fixture.client(.other).get("/1.1/classes/Memo").status == 200)
        denied(try fixture.client(.roleMember).delete("/1.1/classes/Memo/\(id)"), "delete")
        #expect(try fixture.client(.childRoleMember).delete("/1.1/classes/Memo/\(id)").status == 200)
    }

    @Test func classPermissions_applyInsideBatches() throws {
        let response = try fixture.client(.anonymous).post("/1.1/batch", json: ["requests": [
            ["method": "POST", "path": "/1.1/classes/Note", "body": ["title": "a"]],
            ["method": "POST", "path": "/1.1/classes/Memo", "body": ["title": "b"]],
        ]])
        let items = try #require(response.json?.arrayValue)
        #expect(items[0] == ["error": ["code": 403, "error": "Forbidden to create by class permissions."]])
        #expect(items[1]["success"]?["objectId"] != nil)
    }

    @Test func userFind_isClosedByDefault_butGetIsOpen() throws {
        let fixture = try AccessFixture()
        let anonymous = fixture.emulator.inProcessClient()
        denied(try anonymous.get("/1.1/classes/_User"), "find")
        #expect(try fixture.master.get("/1.1/classes/_User").json?["results"]?.arrayValue?.count == 4)
        #expect(try anonymous.get("/1.1/classes/_User/\(fixture.owner)").json?["username"] == "owner")
    }

    @Test func userFind_canBeOpenedByConfiguration() throws {
        let options = try AppOptions(json: ["classPermissions": ["_User": ["find": "*"]]])
        let fixture = try AccessFixture { $0.apps[0].options = options }
        #expect(try fixture.emulator.inProcessClient().get("/1.1/classes/_User").json?["results"]?.arrayValue?.count == 4)
    }
}
