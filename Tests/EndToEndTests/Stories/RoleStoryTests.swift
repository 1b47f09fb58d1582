import EmuTesting
import Foundation
import LCClient
import Testing

/// Roles in ACLs (spec §6): a members-only object readable through a role, and membership changes.
struct RoleStoryTests {
    @Test func aRoleGrantsItsMembers_whatTheACLGivesTheRole() async throws {
        let emulator = try await Emulator.start()
        let app = emulator.application
        let alice = try await LCUser.signUp(username: "alice", password: "secret-1", in: app)
        let bob = try await LCUser.signUp(username: "bob", password: "secret-1", in: app)
        var roleACL = LCACL()
        roleACL.allow(.read, for: .everyone)
        let editors = try await LCRole.create(name: "Editors", acl: roleACL, users: [alice.pointer], in: app.withMasterKey())

        var draft = LCObject(className: "Draft")
        draft.set("title", "embargoed")
        var acl = LCACL()
        acl.allow(.read, for: .role("Editors"))
        draft.acl = acl
        try await draft.save(in: app.withMasterKey())
        let id = try #require(draft.objectId)

        app.setCurrentUser(alice)
        #expect(try await LCObject.get(className: "Draft", objectId: id, in: app)["title"] == "embargoed")
        app.setCurrentUser(bob)
        await #expect(throws: LCError.self) { try await LCObject.get(className: "Draft", objectId: id, in: app) }

        try await editors.add(users: [bob.pointer], in: app.withMasterKey())
        #expect(try await LCObject.get(className: "Draft", objectId: id, in: app)["title"] == "embargoed")
        #expect(try await LCRole.roles(of: bob.pointer, in: app).map(\.name) == ["Editors"])
    }
}
