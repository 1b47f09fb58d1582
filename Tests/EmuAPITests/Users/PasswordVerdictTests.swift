@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
@testable import EmuTools
import LCWire
import Primitives
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

/// When a plain-password check also makes the `/api` hash.
@Suite struct PasswordVerdictWebPasswordTests {
    private func user(plain: String, web: (JSONObject, String) -> String?) -> ObjectRecord {
        let hash = UserPassword.hasher.hash(password: plain)
        var fields: JSONObject = ["password": .string(hash)]
        if let stored = web(fields, hash) { fields["_webPassword"] = .string(stored) }
        let at = LCDate(millisecondsSince1970: 0)
        return ObjectRecord(className: "_User", objectId: "u1", createdAt: at, updatedAt: at, acl: nil, fields: fields)
    }

    @Test func aMissingOrStaleHash_isMade_onlyForTheRightPassword() {
        let missing = user(plain: "pw") { _, _ in nil }
        let stale = user(plain: "pw") { _, _ in UserPassword.webHash(plain: "old", hash: "old-hash") }
        let current = user(plain: "pw") { _, hash in UserPassword.webHash(plain: "pw", hash: hash) }
        #expect(PasswordVerdict(user: missing, plain: "pw").missingWebPassword != nil)
        #expect(PasswordVerdict(user: stale, plain: "pw").missingWebPassword != nil)
        #expect(PasswordVerdict(user: current, plain: "pw").missingWebPassword == nil)
        #expect(PasswordVerdict(user: missing, plain: "wrong").missingWebPassword == nil)
    }

    @Test func theMadeHash_verifiesTheSHA1OfThePassword() throws {
        let missing = user(plain: "pw") { _, _ in nil }
        var fields = missing.fields
        fields["_webPassword"] = .string(try #require(PasswordVerdict(user: missing, plain: "pw").missingWebPassword))
        #expect(UserPassword.verifyWeb(sha1Hex: SHA1.hex("pw"), fields: fields))
    }
}
