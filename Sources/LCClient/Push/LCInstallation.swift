import Foundation
import LCWire

/// The device's `_Installation`, saved as a LeanCloud app registers for push: `POST
/// /1.1/installations`, which the service treats as an upsert by `deviceToken` (iOS) or
/// `installationId` (Android), so saving on every launch keeps one row per device.
///
/// ```swift
/// // application(_:didRegisterForRemoteNotificationsWithDeviceToken:)
/// let installation = try await LCInstallation.save(deviceToken: deviceToken, channels: ["news"], in: app)
/// ```
public enum LCInstallation {
    /// Saves an iOS device: the APNs token as LeanCloud stores it (lowercase hex), the channels
    /// it subscribes to, its time zone (the system's by default), and any other `fields`
    /// (`badge`, `apnsTopic`, a pointer to the user, …). Answers the installation as saved.
    public static func save(deviceToken: Data, channels: [String]? = nil,
                            timeZone: String? = TimeZone.current.identifier, fields: JSONObject = JSONObject(),
                            in app: LCApplication) async throws -> LCObject {
        try await save(hexDeviceToken: deviceToken.map { String(format: "%02x", $0) }.joined(), channels: channels,
                       timeZone: timeZone, fields: fields, in: app)
    }

    /// As `save(deviceToken:…)`, with the token already in text.
    public static func save(hexDeviceToken: String, channels: [String]? = nil,
                            timeZone: String? = TimeZone.current.identifier, fields: JSONObject = JSONObject(),
                            in app: LCApplication) async throws -> LCObject {
        var body = fields
        body["deviceType"] = "ios"
        body["deviceToken"] = .string(hexDeviceToken)
        if let channels { body["channels"] = .array(channels.map(JSON.string)) }
        if let timeZone { body["timeZone"] = .string(timeZone) }
        let answer = try await app.request("POST", "/1.1/installations", body: .object(body))
        var saved = body
        for (key, value) in answer.objectValue ?? JSONObject() { saved[key] = value }
        return LCObject(className: LCClassName.installation, serverData: saved)
    }
}
