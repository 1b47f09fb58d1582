import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// spec §2.7, §3.5, §6.3: an `include`d object is shown only when a fetch of it would be: the
/// class permission `get`, the object's ACL and the field permissions decide, at every depth,
/// through arrays of pointers, in queries, fetches and batches. Otherwise it stays a bare pointer.
@Suite struct IncludeAccessTests {
    let fixture: AccessPathsFixture
    init() throws { fixture = try AccessPathsFixture() }

    private typealias F = AccessPathsFixture
    private static let includes = "include=v,vs,hop,hop.v,hop.n,n,c"

    /// The included Probe, through the query, the fetch and a batch GET.
    private func probes(as client: TestClient, _ parameters: String = includes) throws -> [JSON] {
        let queried = try client.get("/1.1/classes/Probe?\(parameters)")
        let fetched = try client.get("/1.1/classes/Probe/\(fixture.probe)?\(parameters)")
        let params = JSONObject(parameters.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            return (parts[0], JSON.string(parts[1]))
        })
        let batch = try client.post("/1.1/batch", json: ["requests": [
            ["method": "GET", "path": .string("/1.1/classes/Probe/\(fixture.probe)"), "params": .object(params)],
        ]])
        return [try #require(queried.json?["results"]?[0]), try #require(fetched.json), try #require(batch.json?[0]?["success"])]
    }

    @Test(arguments: nonMasterPrincipals)
    func include_ofAClassClosedToGet_staysABarePointer(_ principal: Principal) throws {
        let client = try fixture.client(principal)
        #expect(F.isForbidden(try client.get("/1.1/classes/Vault/\(fixture.vault)"), "get"))
        for probe in try probes(as: client) {
            #expect(F.isBarePointer(probe["v"], to: fixture.vault), "\(probe)")
            #expect(F.isBarePointer(probe["vs"]?[0], to: fixture.vault), "\(probe)")
            #expect(probe["hop"]?["objectId"]?.stringValue == fixture.hop)
            #expect(F.isBarePointer(probe["hop"]?["v"], to: fixture.vault), "\(probe)")
        }
        // `keys` selects from what the caller may see, no more.
        for probe in try probes(as: client, "include=v&keys=v.code") {
            #expect(F.isBarePointer(probe["v"], to: fixture.vault), "\(probe)")
        }
    }

    @Test(arguments: nonMasterPrincipals)
    func include_followsTheObjectsACL_andHidesInvisibleFields(_ principal: Principal) throws {
        let readsNote = principal == .owner
        for probe in try probes(as: try fixture.client(principal)) {
            for note in [probe["n"], probe["vs"]?[1], probe["hop"]?["n"]] {
                if readsNote {
                    #expect(note?["text"] == "n-secret", "\(probe)")
                } else {
                    #expect(F.isBarePointer(note, to: fixture.note), "\(probe)")
                }
            }
            #expect(probe["c"]?["name"] == "c" && probe["c"]?["pin"] == nil, "\(probe)")
        }
    }

    /// A `get` permission naming a role: its members (directly or through a child role) see the
    /// included object, everybody else the bare pointer; `users/<id>` includes the same way.
    @Test func include_ofAClassOpenToARole_expandsForItsMembersOnly() throws {
        let ledger = try fixture.master.create("Ledger", ["amount": 7])
        let holder = try fixture.master.create("Holder", ["l": pointer("Ledger", ledger)])
        for principal in [Principal.anonymous, .owner, .other, .roleMember, .childRoleMember, .master] {
            let client = try fixture.client(principal)
            let included = try client.fetch("Holder", holder, query: "include=l")["l"]
            if [.roleMember, .childRoleMember, .master].contains(principal) {
                #expect(included?["amount"] == 7, "\(principal)")
            } else {
                #expect(F.isBarePointer(included, to: ledger), "\(principal)")
            }
        }
        for user in [fixture.users.other, fixture.users.member] {
            #expect(try fixture.master.update("_User", user, ["l": pointer("Ledger", ledger)]).status == 200)
        }
        let other = try fixture.client(.other).get("/1.1/users/\(fixture.users.other)?include=l")
        #expect(F.isBarePointer(other.json?["l"], to: ledger), "\(other.text)")
        let member = try fixture.client(.roleMember).get("/1.1/users/\(fixture.users.member)?include=l")
        #expect(member.json?["l"]?["amount"] == 7, "\(member.text)")
    }

    @Test func include_asMaster_expandsEverything() throws {
        for probe in try probes(as: fixture.master) {
            #expect(probe["v"]?["code"] == "v-secret" && probe["vs"]?[0]?["code"] == "v-secret", "\(probe)")
            #expect(probe["hop"]?["v"]?["code"] == "v-secret" && probe["hop"]?["n"]?["text"] == "n-secret", "\(probe)")
            #expect(probe["n"]?["text"] == "n-secret" && probe["c"]?["pin"] == "1234", "\(probe)")
        }
    }

    /// A CQL select reaches objects through the same query path (it has no `include`).
    @Test func cql_onAClosedClass_isRefused_butNotForMaster() throws {
        let cql = "cql=" + encoded("select * from Vault where code = 'v-secret'")
        for principal in nonMasterPrincipals {
            #expect(F.isForbidden(try fixture.client(principal).get("/1.1/cloudQuery?\(cql)"), "find"))
        }
        #expect(F.count(try fixture.master.get("/1.1/cloudQuery?\(cql)")) == 1)
    }
}
