/// What the cookie flow "sends": captcha answers and two-factor codes, for tests to read.
///
/// Seam: these go to the app's outbox (`/__admin/outbox`) once it is available on this branch.
enum WebLoginOutbox {
    static func captcha(_ answer: String, session: WebSession, app: AppRuntime) {}

    static func twoFactorCode(_ code: String, user: ObjectRecord, app: AppRuntime) {}
}
