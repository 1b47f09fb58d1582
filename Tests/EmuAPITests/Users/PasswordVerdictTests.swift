@testable import EmuAPI
import LCWire
import Testing

/// A password verified outside the writer holds only for the user and hashes it was checked against.
@Suite struct PasswordVerdictTests {
    private func user(_ id: String = "u1", password: String = "hash-1", web: String? = "web-1") -> ObjectRecord {
        var fields = JSONObject()
        fields["username"] = "alice"
        fields["password"] = .string(password)
        if let web { fields["_webPassword"] = .string(web) }
        let at = LCDate(millisecondsSince1970: 0)
        return ObjectRecord(className: "_User", objectId: id, createdAt: at, updatedAt: at, acl: nil, fields: fields)
    }

    @Test func holds_forTheSameUserWithTheSameHashes_evenIfOtherFieldsChanged() {
        let verdict = PasswordVerdict(user: user(), matches: true)
        var renamed = user()
        renamed.fields["username"] = "bob"
        #expect(verdict.holds(for: renamed))
    }

    @Test func isStale_afterAPasswordChange_orForAnotherUser() {
        let verdict = PasswordVerdict(user: user(), matches: true)
        #expect(!verdict.holds(for: user(password: "hash-2")))
        #expect(!verdict.holds(for: user(web: "web-2")))
        #expect(!verdict.holds(for: user(web: nil)))
        #expect(!verdict.holds(for: user("u2")))
    }
}
