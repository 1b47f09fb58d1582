import EmuTestSupport
import EmuAPI
import EmuTesting
import LCWire
import Testing

/// Four users and two roles, for access tests (spec §6.2):
/// `member` is in `Members`; `childMember` is in `Admins`, which is in `Members.roles`, so it
/// inherits `Members`' grants; `owner` and `other` hold no role.
struct AccessFixture {
    let emulator: TestServer
    let master: TestClient
    let owner: String, other: String, member: String, childMember: String
    let adminsRole: String, membersRole: String

    init(configure: (inout EmulatorConfiguration) -> Void = { _ in }) throws {
        emulator = try TestServer.start(configure: configure)
        master = emulator.inProcessClient(credentials: .masterKey)
        owner = try emulator.createUser("owner")
        other = try emulator.createUser("other")
        member = try emulator.createUser("member")
        childMember = try emulator.createUser("childMember")
        adminsRole = try Self.createRole("Admins", users: [childMember], roles: [], with: master)
        membersRole = try Self.createRole("Members", users: [member], roles: [adminsRole], with: master)
    }

    /// `POST /1.1/roles` with public read, as the SDKs default a role's ACL (spec §6.4).
    static func createRole(_ name: String, users: [String], roles: [String], with client: TestClient,
                           acl: JSON = ["*": ["read": true]]) throws -> String {
        var body: JSONObject = ["name": .string(name), "ACL": acl]
        if !users.isEmpty { body["users"] = relation(users.map { pointer("_User", $0) }) }
        if !roles.isEmpty { body["roles"] = relation(roles.map { pointer("_Role", $0) }) }
        let response = try client.post("/1.1/roles", json: .object(body))
        guard response.status == 201, let id = response.json?["objectId"]?.stringValue else {
            throw TestSetupError("creating role \(name) answered \(response.status) \(response.text)")
        }
        return id
    }

    static func relation(_ objects: [JSON]) -> JSON {
        ["__op": "AddRelation", "objects": .array(objects)]
    }

    /// A client for `principal`.
    func client(_ principal: Principal) throws -> TestClient {
        switch principal {
        case .master: return master
        case .anonymous: return emulator.inProcessClient()
        case .owner: return try emulator.inProcessClient(asUser: owner)
        case .other: return try emulator.inProcessClient(asUser: other)
        case .roleMember: return try emulator.inProcessClient(asUser: member)
        case .childRoleMember: return try emulator.inProcessClient(asUser: childMember)
        case .invalidSession:
            var client = emulator.inProcessClient()
            client.sessionToken = "0123456789abcdefghijklmno"
            return client
        }
    }
}

/// Who sends a request in the access tables.
enum Principal: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case master, anonymous, owner, other, roleMember, childRoleMember, invalidSession
    var testDescription: String { rawValue }
}
