import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// Objects reached other than by their own fetch (docs/access-control.md, "Every way of reaching
/// an object"): `Probe` points at a `Vault` closed by class permissions (`get` and `find` for
/// nobody but master), a `Note` only `owner` may read, a `Card` whose `pin` is client-invisible,
/// and a `Hop` that points at the vault and the note again, for nested includes. An `Item`
/// belongs to the vault's `items` relation and the note's `links` relation. `Ledger` objects
/// may be fetched by members of the role `Members` only.
struct AccessPathsFixture {
    static let options: JSONObject = [
        "classPermissions": ["Vault": ["get": [], "find": []], "Ledger": ["get": ["role:Members"]]],
        "fieldPermissions": ["Card": ["invisible": ["pin"]]],
    ]
    let users: AccessFixture
    let vault: String, note: String, card: String, hop: String, probe: String, item: String
    var master: TestClient { users.master }

    init() throws {
        let options = try AppOptions(json: Self.options)
        users = try AccessFixture { $0.apps[0].options = options }
        let master = users.master
        vault = try master.create("Vault", ["code": "v-secret"])
        note = try master.create("Note", ["text": "n-secret", "ACL": .object([users.owner: ["read": true]])])
        card = try master.create("Card", ["name": "c", "pin": "1234"])
        hop = try master.create("Hop", ["v": pointer("Vault", vault), "n": pointer("Note", note)])
        probe = try master.create("Probe", [
            "name": "p", "v": pointer("Vault", vault), "n": pointer("Note", note), "c": pointer("Card", card),
            "hop": pointer("Hop", hop), "vs": [pointer("Vault", vault), pointer("Note", note)],
        ])
        item = try master.create("Item", ["label": "i"])
        let items: JSON = ["__op": "AddRelation", "objects": [pointer("Item", item)]]
        #expect(try master.update("Vault", vault, ["items": items]).status == 200)
        #expect(try master.update("Note", note, ["links": items]).status == 200)
    }

    func client(_ principal: Principal) throws -> TestClient { try users.client(principal) }

    /// `GET /1.1/classes/<className>?where=<where>` plus `extra` parameters.
    func query(_ className: String, where: String, _ extra: String = "", as client: TestClient) throws -> TestClient.Response {
        try client.get("/1.1/classes/\(className)?where=\(encoded(`where`))\(extra.isEmpty ? "" : "&" + extra)")
    }

    /// The number of results of an answer (nil when it is no result list).
    static func count(_ response: TestClient.Response) -> Int? {
        response.json?["results"]?.arrayValue?.count
    }

    /// Whether `value` is the bare pointer to `objectId`: nothing of the target but its address.
    static func isBarePointer(_ value: JSON?, to objectId: String) -> Bool {
        value?.objectValue?.count == 3 && value?["__type"] == "Pointer" && value?["objectId"]?.stringValue == objectId
    }

    /// `403 Forbidden to <operation> by class permissions.`, as a direct query or fetch answers.
    static func isForbidden(_ response: TestClient.Response, _ operation: String) -> Bool {
        response.status == 403 && response.text == #"{"code":403,"error":"Forbidden to \#(operation) by class permissions."}"#
    }
}

/// The clients that are not the master key, in the access tables of these suites.
let nonMasterPrincipals: [Principal] = [.anonymous, .owner, .other]
