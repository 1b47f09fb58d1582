import Testing
@testable import LCWire

@Suite struct LCNamesTests {
    static let classNames: [(String, Bool)] = [
        ("Post", true), ("post_2", true), ("A", true), ("Todo_List9", true),
        ("_User", true), ("_Role", true), ("_File", true), ("_Installation", true),
        ("_Conversation", true), ("_Followee", true), ("_Follower", true),
        ("_Notification", true), ("_Status", true), ("_SysMessage", true), ("_FriendshipRequest", true),
        ("", false), ("_Mine", false), ("_user", false), ("9Post", false), ("Po st", false),
        ("Post-1", false), ("Pöst", false), ("Post$", false), ("__type", false),
    ]

    @Test(arguments: classNames)
    func isValidClassName_followsSection2_2(name: String, valid: Bool) {
        #expect(LCNames.isValidClassName(name) == valid)
    }

    static let fieldNames: [(String, Bool)] = [
        ("title", true), ("ACL", true), ("a_1", true), ("objectId", true), ("Z", true),
        ("", false), ("invalid?", false), ("_private", false), ("__type", false), ("1st", false),
        ("a.b", false), ("a-b", false), ("naïve", false), ("a b", false),
    ]

    @Test(arguments: fieldNames)
    func isValidFieldName_followsSection2_2(name: String, valid: Bool) {
        #expect(LCNames.isValidFieldName(name) == valid)
    }

    @Test func isValidNestedKey_rejectsDollarAndDot() {
        #expect(LCNames.isValidNestedKey("any key-at_all é"))
        #expect(LCNames.isValidNestedKey("_x"))
        #expect(!LCNames.isValidNestedKey("$gt"))
        #expect(!LCNames.isValidNestedKey("a.b"))
    }

    @Test func isValidRoleName_allowsWordCharactersOnly() {
        #expect(LCNames.isValidRoleName("Admin_2"))
        #expect(LCNames.isValidRoleName("_hidden"))
        #expect(!LCNames.isValidRoleName(""))
        #expect(!LCNames.isValidRoleName("Team Lead"))
    }

    @Test func isValidFileName_allowsOneTo36Characters() {
        #expect(LCNames.isValidFileName("photo_1.jpg"))
        #expect(LCNames.isValidFileName(String(repeating: "a", count: 36)))
        #expect(!LCNames.isValidFileName(String(repeating: "a", count: 37)))
        #expect(!LCNames.isValidFileName(""))
        #expect(!LCNames.isValidFileName("my photo.jpg"))
    }

    static let objectIds: [(String, Bool)] = [
        ("558e20cbe4b060308e3eb36c", true), ("000000000000000000000000", true),
        ("558E20CBE4B060308E3EB36C", false), ("558e20cbe4b060308e3eb36", false),
        ("558e20cbe4b060308e3eb36c0", false), ("558e20cbe4b060308e3eb36g", false), ("", false),
    ]

    @Test(arguments: objectIds)
    func objectId_isValidRequires24LowercaseHex(id: String, valid: Bool) {
        #expect(LCObjectId.isValid(id) == valid)
    }
}
