/// An app's two secrets, which the server looks up by app id.
public struct LCAppKeys: Sendable, Hashable {
    /// The App Key: client privileges.
    public var appKey: String
    /// The Master Key: master privileges.
    public var masterKey: String

    /// Keys for one app.
    public init(appKey: String, masterKey: String) {
        self.appKey = appKey
        self.masterKey = masterKey
    }
}
