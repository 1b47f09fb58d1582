import EmuData
import EmuRouting
import LCWire

/// What the cookie flow "sends", for tests to read in `/__admin/outbox` (docs/web-login.md):
/// captcha answers (to the session's `sid`, purpose `webLogin`) and two-factor codes (to the
/// user's phone, else email, else user name; purpose `twoFactor`).
enum WebLoginOutbox {
    static func captcha(_ answer: String, sid: String) -> OutboxMessage {
        OutboxMessage(kind: .captcha, to: sid, text: "Captcha answer: \(answer)", code: answer, purpose: "webLogin")
    }

    static func twoFactorCode(_ code: String, user: ObjectRecord) -> OutboxMessage {
        let text = "Your log-in verification code is \(code)."
        if let phone = user.fields[LCFieldName.mobilePhoneNumber]?.stringValue, !phone.isEmpty {
            return OutboxMessage(kind: .sms, to: phone, text: text, code: code, purpose: "twoFactor")
        }
        let email = user.fields[LCFieldName.email]?.stringValue ?? ""
        let to = email.isEmpty ? (user.fields[LCFieldName.username]?.stringValue ?? user.objectId) : email
        return OutboxMessage(kind: email.isEmpty ? .sms : .email, to: to, text: text, code: code, purpose: "twoFactor")
    }
}
