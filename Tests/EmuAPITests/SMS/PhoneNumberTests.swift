@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
@testable import EmuTools
import Testing

@Suite struct PhoneNumberTests {
    @Test(arguments: [
        ("18600000000", "+8618600000000"), ("+8618600000000", "+8618600000000"), ("+86 186-0000-0000", "+8618600000000"),
        ("+14155550100", "+14155550100"), ("+123456", "+123456"), ("+442071838750", "+442071838750"),
    ])
    func parse_acceptsE123AndMainlandForms(text: String, e164: String) {
        #expect(PhoneNumber(text)?.e164 == e164)
    }

    @Test(arguments: ["", "12345", "28600000000", "186000000000", "+8612345", "+0123456789", "+12345", "+1234567890123456", "+86abc", "186 0000 000a"])
    func parse_rejectsAnythingElse(text: String) {
        #expect(PhoneNumber(text) == nil)
    }

    @Test func lenient_restoresAPlusThatDecodedAsASpace() {
        #expect(PhoneNumber.lenient(" 8618600000000") == "+8618600000000")
        #expect(PhoneNumber.lenient("18600000000") == "+8618600000000")
    }

    @Test func userLookup_triesBothMainlandForms() throws {
        let phone = try #require(PhoneNumber("+8618600000000"))
        #expect(UserPhoneLookup.forms(of: phone) == ["+8618600000000", "18600000000"])
        #expect(UserPhoneLookup.forms(of: try #require(PhoneNumber("+14155550100"))) == ["+14155550100"])
    }
}
