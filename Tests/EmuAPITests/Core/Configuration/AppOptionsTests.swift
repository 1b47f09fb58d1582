import EmuAPI
import LCWire
import Testing

@Suite struct AppOptionsTests {
    @Test func signWindow_inheritsTheGlobalOne_whenTheAppSetsNone() {
        #expect(AppOptions().signMaxSkewMilliseconds(inheriting: 60_000) == 60_000)
        #expect(AppOptions().signMaxSkewMilliseconds(inheriting: nil) == nil)
    }

    @Test func signWindow_ofTheApp_winsOverTheGlobalOne() {
        #expect(AppOptions(signMaxSkewSeconds: 1.5).signMaxSkewMilliseconds(inheriting: 60_000) == 1_500)
    }

    @Test func signWindow_zero_turnsTheCheckOffForThatApp() {
        #expect(AppOptions(signMaxSkewSeconds: 0).signMaxSkewMilliseconds(inheriting: 60_000) == nil)
    }

    @Test func milliseconds_ofNothingOrZero_isNoWindow() {
        #expect(AppOptions.milliseconds(seconds: nil) == nil)
        #expect(AppOptions.milliseconds(seconds: 0) == nil)
        #expect(AppOptions.milliseconds(seconds: 300) == 300_000)
    }

    @Test func knownKeys_listEveryOption() {
        #expect(Set([
            "signMaxSkewSeconds", "classPermissions", "returnACL", "captchaEnabled", "captchaFixedCode",
            "requireCaptchaForSms", "genericSmsEnabled", "fixedSmsCodes", "smsRateLimits", "sessionLifetime",
        ]).isSubset(of: AppOptions.knownKeys))
        #expect(Set(WebLoginOptions.knownKeys).isSubset(of: AppOptions.knownKeys))
    }

    @Test func init_readsEveryKnownKey() throws {
        let options = try AppOptions(json: ["signMaxSkewSeconds": 30])
        #expect(options == AppOptions(signMaxSkewSeconds: 30))
    }
}
