import EmuAPI
import EmuTesting
import LCWire
import Testing

/// spec §3.2, §6.3: a query inside a query (`$inQuery`, `$notInQuery`, `$select`, `$dontSelect`,
/// at any depth, in `$or`) may reach only a class the caller may query itself: otherwise the
/// whole query is refused as a direct query of that class is, whatever asks it (count, batch).
/// Inner queries and `$relatedTo` see only the objects the caller's ACL reads.
@Suite struct InnerQueryAccessTests {
    let fixture: AccessPathsFixture
    init() throws { fixture = try AccessPathsFixture() }

    private typealias F = AccessPathsFixture

    /// Wheres on `Probe` that run a query on `Vault`; each matches the probe for the master key.
    static let vaultWheres = [
        #"{"v":{"$inQuery":{"className":"Vault","where":{"code":{"$regex":"^v-"}}}}}"#,
        #"{"v":{"$notInQuery":{"className":"Vault","where":{"code":{"$regex":"^x"}}}}}"#,
        #"{"name":{"$dontSelect":{"query":{"className":"Vault","where":{"code":{"$regex":"^v-"}}},"key":"code"}}}"#,
        #"{"$or":[{"name":"p"},{"name":{"$select":{"query":{"className":"Vault","where":{"code":{"$regex":"^v-"}}},"key":"code"}}}]}"#,
        #"{"hop":{"$inQuery":{"className":"Hop","where":{"v":{"$inQuery":{"className":"Vault","where":{"code":"v-secret"}}}}}}}"#,
        #"{"$or":[{"name":"nothing"},{"v":{"$inQuery":{"className":"Vault","where":{}}}}]}"#,
    ]

    @Test(arguments: vaultWheres)
    func innerQuery_onAClassClosedToFind_isRefused(_ whereText: String) throws {
        for principal in nonMasterPrincipals {
            let client = try fixture.client(principal)
            #expect(F.isForbidden(try fixture.query("Probe", where: whereText, as: client), "find"), "\(principal)")
            #expect(F.isForbidden(try fixture.query("Probe", where: whereText, "count=1&limit=0", as: client), "find"))
            let batch = try client.post("/1.1/batch", json: ["requests": [
                ["method": "GET", "path": "/1.1/classes/Probe", "params": ["where": .string(whereText)]],
            ]])
            #expect(batch.json?[0]?["error"] == ["code": 403, "error": "Forbidden to find by class permissions."], "\(batch.text)")
        }
        #expect(F.count(try fixture.query("Probe", where: whereText, as: fixture.master)) == 1)
    }

    /// `_User` find is closed by default: an inner query must not make `email` an oracle.
    @Test func innerQuery_onUsers_followsTheUserFindPermission() throws {
        let alice = try fixture.users.emulator.createUser("alice", fields: ["email": "alice@example.com"])
        try fixture.master.create("Profile", ["user": pointer("_User", alice)])
        let whereText = #"{"user":{"$inQuery":{"className":"_User","where":{"email":{"$regex":"^alice@"}}}}}"#
        for principal in nonMasterPrincipals {
            #expect(F.isForbidden(try fixture.query("Profile", where: whereText, as: try fixture.client(principal)), "find"))
        }
        #expect(F.count(try fixture.query("Profile", where: whereText, as: fixture.master)) == 1)
    }

    @Test(arguments: nonMasterPrincipals)
    func innerQuery_seesOnlyReadableObjects(_ principal: Principal) throws {
        let client = try fixture.client(principal)
        let expected = principal == .owner ? 1 : 0
        let inQuery = #"{"n":{"$inQuery":{"className":"Note","where":{"text":"n-secret"}}}}"#
        #expect(F.count(try fixture.query("Probe", where: inQuery, as: client)) == expected)
        try fixture.master.create("Tag", ["name": "n-secret"])
        let select = #"{"name":{"$select":{"query":{"className":"Note","where":{}},"key":"text"}}}"#
        #expect(F.count(try fixture.query("Tag", where: select, as: client)) == expected)
        #expect(F.count(try fixture.query("Tag", where: select, as: fixture.master)) == 1)
    }

    @Test(arguments: nonMasterPrincipals)
    func relatedTo_needsTheOwnersGetPermission_andACL(_ principal: Principal) throws {
        let client = try fixture.client(principal)
        let ofVault = #"{"$relatedTo":{"object":{"__type":"Pointer","className":"Vault","objectId":"\#(fixture.vault)"},"key":"items"}}"#
        #expect(F.isForbidden(try fixture.query("Item", where: ofVault, as: client), "get"))
        let ofNote = #"{"$relatedTo":{"object":{"__type":"Pointer","className":"Note","objectId":"\#(fixture.note)"},"key":"links"}}"#
        #expect(F.count(try fixture.query("Item", where: ofNote, as: client)) == (principal == .owner ? 1 : 0))
    }

    @Test func relatedTo_asMaster_readsEveryRelation() throws {
        for (owner, id, key) in [("Vault", fixture.vault, "items"), ("Note", fixture.note, "links")] {
            let whereText = #"{"$relatedTo":{"object":{"__type":"Pointer","className":"\#(owner)","objectId":"\#(id)"},"key":"\#(key)"}}"#
            #expect(F.count(try fixture.query("Item", where: whereText, as: fixture.master)) == 1)
        }
    }
}
