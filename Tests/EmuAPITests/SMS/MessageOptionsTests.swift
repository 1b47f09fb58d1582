@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
@testable import EmuTools
import LCWire
import Testing

@Suite struct MessageOptionsTests {
    @Test func defaults_enableCaptchaAndGenericSms_withRateLimits() {
        let options = MessageOptions()
        #expect(options.isCaptchaEnabled && options.isGenericSmsEnabled && options.enforcesSmsRateLimits)
        #expect(!options.requiresCaptchaForSms)
    }

    @Test func init_readsEveryMessageOption() throws {
        let options = try AppOptions(json: [
            "captchaEnabled": false, "captchaFixedCode": "k7aw", "requireCaptchaForSms": true,
            "genericSmsEnabled": false, "fixedSmsCodes": ["18600000000": "123456", "+1 415 555 0100": "654321"],
            "smsRateLimits": false,
        ]).messages
        #expect(options.captchaEnabled == false)
        #expect(options.captchaFixedCode == "K7AW")
        #expect(options.requireCaptchaForSms == true)
        #expect(options.genericSmsEnabled == false)
        #expect(options.fixedSmsCodes == ["+8618600000000": "123456", "+14155550100": "654321"])
        #expect(options.smsRateLimits == false)
    }

    @Test(arguments: [
        (JSONObject([("captchaEnabled", "yes")]), "captchaEnabled: expected true or false"),
        (JSONObject([("captchaFixedCode", "1O0I")]), "captchaFixedCode: expected 1 to 12 characters"),
        (JSONObject([("fixedSmsCodes", ["12": "123456"])]), "fixedSmsCodes: '12' is not a mobile phone number"),
        (JSONObject([("fixedSmsCodes", ["18600000000": "12345"])]), "fixedSmsCodes: the code of '18600000000' must be six digits"),
    ])
    func init_rejectsBadValues_namingTheKey(json: JSONObject, message: String) {
        #expect {
            _ = try AppOptions(json: json)
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}
