// Spec §9, codes 200–252: user accounts (§5), messages verbatim from the error table.

extension LCErrorCode {
    /// 200 — username missing or empty.
    public static let usernameMissing = LCErrorCode(code: 200, message: "Username is missing or empty", httpStatus: 400)
    /// 201 — password missing or empty.
    public static let passwordMissing = LCErrorCode(code: 201, message: "Password is missing or empty.", httpStatus: 400)
    /// 202 — username taken.
    public static let usernameTaken = LCErrorCode(code: 202, message: "Username has already been taken.", httpStatus: 400)
    /// 203 — email taken.
    public static let emailTaken = LCErrorCode(code: 203, message: "Email has already been taken.", httpStatus: 400)
    /// 204 — email missing.
    public static let emailMissing = LCErrorCode(
        code: 204, message: "The email is missing, and must be specified.", httpStatus: 400)
    /// 205 — no user with that email.
    public static let emailNotFound = LCErrorCode(
        code: 205, message: "A user with the specified email was not found.", httpStatus: 400)
    /// 206 — a user was modified without that user's session (403 documented, §5.6).
    public static let sessionMissing = LCErrorCode(
        code: 206, message: "The user cannot be altered by a client without the session.", httpStatus: 403)
    /// 207 — users can only be created through sign-up.
    public static let signUpRequired = LCErrorCode(
        code: 207, message: "Users can only be created through sign up.", httpStatus: 400)
    /// 208 — the third-party account is linked to another user.
    public static let accountAlreadyLinked = LCErrorCode(
        code: 208, message: "An existing account already linked to another user.", httpStatus: 400)
    /// 210 — wrong password.
    public static let usernamePasswordMismatch = LCErrorCode(
        code: 210, message: "The username and password mismatch.", httpStatus: 400)
    /// 211 — unknown user, bad session on `/users/me`, or `failOnNotExist` (400 documented).
    public static let userNotFound = LCErrorCode(code: 211, message: "Could not find user.", httpStatus: 400)
    /// 212 — phone number missing.
    public static let mobilePhoneNumberMissing = LCErrorCode(
        code: 212, message: "The mobile phone number is missing, and must be specified.", httpStatus: 400)
    /// 213 — no user with that phone number.
    public static let mobilePhoneNumberNotFound = LCErrorCode(
        code: 213, message: "A user with the specified mobile phone number was not found.", httpStatus: 400)
    /// 214 — phone number taken.
    public static let mobilePhoneNumberTaken = LCErrorCode(
        code: 214, message: "Mobile phone number has already been taken.", httpStatus: 400)
    /// 215 — phone number not verified.
    public static let mobilePhoneNumberNotVerified = LCErrorCode(
        code: 215, message: "Mobile phone number isn't verified.", httpStatus: 400)
    /// 216 — email not verified.
    public static let emailNotVerified = LCErrorCode(code: 216, message: "Email address isn't verified.", httpStatus: 400)
    /// 217 — blank username.
    public static let invalidUsername = LCErrorCode(
        code: 217, message: "Invalid username, it must be a non-blank string.", httpStatus: 400)
    /// 218 — blank password.
    public static let invalidPassword = LCErrorCode(
        code: 218, message: "Invalid password, it must be a non-blank string.", httpStatus: 400)
    /// 219 — login locked after more than 6 failures in 15 minutes (English wording; 400 unconfirmed).
    public static let loginLocked = LCErrorCode(code: 219, message: "Tried too many times to signin.", httpStatus: 400)
    /// 221 — no such friendship.
    public static let friendshipNotFound = LCErrorCode(code: 221, message: "Friendship not found.", httpStatus: 400)
    /// 250 — the linked account returned no id.
    public static let linkedIdMissing = LCErrorCode(code: 250, message: "Linked id missing from request", httpStatus: 400)
    /// 251 — bad third-party token (also worded `Invalid Weibo session`).
    public static let invalidLinkedSession = LCErrorCode(code: 251, message: "Invalid linked session", httpStatus: 400)
    /// 252 — bad Weixin token.
    public static let invalidWeixinSession = LCErrorCode(code: 252, message: "Invalid Weixin session", httpStatus: 400)
}
