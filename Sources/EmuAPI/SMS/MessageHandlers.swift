import EmuHTTP
/// The messaging family (docs/captcha-sms.md): the outbox and clock side doors, captcha, SMS.
enum MessageHandlers {
    static func register(in router: inout Router<APIRoute>) {
        OutboxHandlers.register(in: &router)
        ClockHandlers.register(in: &router)
        CaptchaHandlers.register(in: &router)
        SMSHandlers.register(in: &router)
        UserSMSHandlers.register(in: &router)
    }
}
