import EmuTesting
import LCWire
import Testing

/// The ACL of the object under test, with the fixture's users filled in (spec §6.1).
enum ACLCase: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case none, publicRead, ownerOnly, publicReadOwnerWrite, members, adminsReadOnly, empty
    var testDescription: String { rawValue }

    func json(_ fixture: AccessFixture) -> JSON? {
        switch self {
        case .none: return nil
        case .publicRead: return ["*": ["read": true]]
        case .ownerOnly: return .object([fixture.owner: ["read": true, "write": true]])
        case .publicReadOwnerWrite: return .object(["*": ["read": true], fixture.owner: ["write": true]])
        case .members: return ["role:Members": ["read": true, "write": true]]
        case .adminsReadOnly: return ["role:Admins": ["read": true]]
        case .empty: return .object(JSONObject())
        }
    }

    /// What each principal may do: `rw`, `r` or `-`, in `Principal.allCases` order:
    /// master, anonymous, owner, other, roleMember, childRoleMember, invalidSession. A dead
    /// session reads as anonymous but may never write (refused with 211 before the ACL).
    var expected: [String] {
        switch self {
        case .none: return ["rw", "rw", "rw", "rw", "rw", "rw", "r"]
        case .publicRead: return ["rw", "r", "r", "r", "r", "r", "r"]
        case .ownerOnly: return ["rw", "-", "rw", "-", "-", "-", "-"]
        case .publicReadOwnerWrite: return ["rw", "r", "rw", "r", "r", "r", "r"]
        // The child role's members inherit Members' grants; Members' members do not get Admins'.
        case .members: return ["rw", "-", "-", "-", "rw", "rw", "-"]
        case .adminsReadOnly: return ["rw", "-", "-", "-", "-", "r", "-"]
        case .empty: return ["rw", "-", "-", "-", "-", "-", "-"]
        }
    }
}

/// Principal × ACL × operation (spec §6.2): get, find, count, include, update, delete.
@Suite struct AccessTableTests {
    static let readDenied = #"{"code":403,"error":"Forbidden reading by object's ACL."}"#
    static let writeDenied = #"{"code":403,"error":"Forbidden writing by object's ACL."}"#
    static let deadSession = #"{"code":211,"error":"Could not find user."}"#

    @Test(arguments: Principal.allCases, ACLCase.allCases)
    func operation_followsTheACL(principal: Principal, aclCase: ACLCase) throws {
        let fixture = try AccessFixture()
        let grant = aclCase.expected[Principal.allCases.firstIndex(of: principal) ?? 0]
        let canRead = grant.contains("r"), canWrite = grant.contains("w")
        var body: JSONObject = ["title": "t"]
        if let acl = aclCase.json(fixture) { body["ACL"] = acl }
        let id = try fixture.master.create("Doc", JSON.object(body))
        let holder = try fixture.master.create("Holder", ["doc": pointer("Doc", id)])
        let client = try fixture.client(principal)

        let fetched = try client.get("/1.1/classes/Doc/\(id)")
        #expect(fetched.status == (canRead ? 200 : 403))
        #expect(canRead ? fetched.json?["title"] == "t" : fetched.text == Self.readDenied)

        let found = try client.get("/1.1/classes/Doc").json?["results"]?.arrayValue ?? []
        let foundIds: [JSON?] = found.map { $0["objectId"] }
        #expect(foundIds == (canRead ? [JSON.string(id)] : []))
        let counted = try client.get("/1.1/classes/Doc?count=1&limit=0")
        #expect(counted.json?["count"]?.intValue == (canRead ? 1 : 0))

        // spec §3.5: an included object the caller cannot read stays a bare pointer.
        let included = try client.get("/1.1/classes/Holder/\(holder)?include=doc").json?["doc"]
        #expect(included?["title"]?.stringValue == (canRead ? "t" : nil))
        #expect(included?["objectId"]?.stringValue == id)
        let listed = try client.get("/1.1/classes/Holder?include=doc").json?["results"]?[0]?["doc"]
        #expect(listed?["title"]?.stringValue == (canRead ? "t" : nil))

        let refusal: (status: Int, body: String) = principal == .invalidSession ? (400, Self.deadSession) : (403, Self.writeDenied)
        let updated = try client.put("/1.1/classes/Doc/\(id)", json: ["title": "u"])
        #expect(updated.status == (canWrite ? 200 : refusal.status))
        if !canWrite { #expect(updated.text == refusal.body) }
        let deleted = try client.delete("/1.1/classes/Doc/\(id)")
        #expect(deleted.status == (canWrite ? 200 : refusal.status))
        if !canWrite { #expect(deleted.text == refusal.body) }
        let after = try fixture.master.fetch("Doc", id)
        #expect(after["title"]?.stringValue == (canWrite ? nil : "t"))
    }
}
