import EmuAPI
import LCWire
import Testing

/// The web log-in keys of an app's `options` (docs/configuration.md, docs/web-login.md).
@Suite struct WebLoginOptionsTests {
    @Test func defaults_areThreeFailures_pitfallOn_CSRFForBrowsers_noTwoFactor_oneHourTokens() {
        let options = WebLoginOptions()
        #expect(options.captchaFailureThreshold == 3)
        #expect(options.isPitfallOn && options.csrfMode == .browser && !options.requiresTwoFactor)
        #expect(options.twoFactorCode == nil)
        #expect(options.accessTokenSeconds == 3600)
    }

    @Test func init_readsEveryWebLoginKey() throws {
        let options = try AppOptions(json: [
            "webLoginCaptchaThreshold": 0, "webLoginPitfall": false, "webLoginCsrf": false,
            "webLoginTwoFactor": true, "webLoginTwoFactorCode": "123456", "oauthExpiresIn": 5,
        ]).webLogin
        #expect(options.captchaFailureThreshold == 0)
        #expect(!options.isPitfallOn && options.csrfMode == .never && options.requiresTwoFactor)
        #expect(options.twoFactorCode == "123456")
        #expect(options.accessTokenSeconds == 5)
    }

    @Test(arguments: [
        ("webLoginCaptchaThreshold", JSON(-1)), ("webLoginCaptchaThreshold", JSON(1.5)),
        ("webLoginCaptchaThreshold", JSON("3")), ("webLoginPitfall", JSON("yes")), ("webLoginCsrf", JSON(1)), ("webLoginCsrf", JSON("always")),
        ("webLoginTwoFactorCode", JSON("12345")), ("webLoginTwoFactorCode", JSON("12345a")),
        ("oauthExpiresIn", JSON(0)), ("oauthExpiresIn", JSON(40_000_000)),
    ])
    func init_refusesBadValues_namingTheKey(key: String, value: JSON) {
        var object = JSONObject()
        object[key] = value
        #expect(throws: ConfigurationError.self) { try AppOptions(json: object) }
        #expect(WebLoginOptions.knownKeys.contains(key))
    }
}
