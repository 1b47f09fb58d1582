import LCWire

/// What an `_Installation` body must hold (LeanCloud's push REST guide, docs/push.md): a
/// `deviceType` the push service knows, the device's id for that platform (`deviceToken` for
/// iOS, `installationId` for the others), and channel names LeanCloud accepts. Checked on every
/// write path of the class (`/1.1/installations`, `/1.1/classes/_Installation`, batch).
package enum InstallationRules {
    /// The platforms LeanCloud pushes to; also the platform keys of a push's `data`.
    package static let deviceTypes = ["ios", "android", "wp"]

    /// Checks a create (`creating`) or update body; the first broken rule is thrown.
    package static func check(_ body: JSONObject, creating: Bool) throws {
        let deviceType = body["deviceType"]
        if creating || deviceType != nil {
            guard let type = deviceType?.stringValue else { throw APIError(.missingDeviceType) }
            guard deviceTypes.contains(type) else { throw APIError(.unknownDeviceType(type)) }
        }
        if let token = body["deviceToken"] {
            guard let text = token.stringValue, !text.isEmpty else { throw APIError(.invalidDeviceToken) }
        }
        if let id = body["installationId"] {
            guard let text = id.stringValue, !text.isEmpty else { throw APIError(.invalidInstallationId) }
        }
        if creating {
            let type = deviceType?.stringValue
            if type == "ios", body["deviceToken"] == nil { throw APIError(.invalidDeviceToken) }
            if type != "ios", body["installationId"] == nil, body["deviceToken"] == nil {
                throw APIError(.invalidInstallationId)
            }
        }
        if let channels = body["channels"] { try checkChannels(channels) }
    }

    /// `channels` as a list, or as the `Add`/`AddUnique`/`Remove` an SDK sends to subscribe.
    static func checkChannels(_ value: JSON) throws {
        if let object = value.objectValue, object[LCWireKey.op] != nil {
            for name in object[LCWireKey.objects]?.arrayValue ?? [] { try checkChannel(name) }
            return
        }
        guard let names = value.arrayValue else { throw APIError(.incorrectFieldType) }
        for name in names { try checkChannel(name) }
    }

    static func checkChannel(_ value: JSON) throws {
        guard let name = value.stringValue, isValidChannel(name) else { throw APIError(.invalidChannelName) }
    }

    /// A channel name: empty (the broadcast channel), or `a-zA-Z0-9_=,-` and Chinese characters,
    /// as code 112's message says.
    package static func isValidChannel(_ name: String) -> Bool {
        name.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
            case 0x5F, 0x3D, 0x2C, 0x2D: return true  // _ = , -
            case 0x4E00...0x9FFF, 0x3400...0x4DBF: return true  // CJK ideographs
            default: return false
            }
        }
    }
}

/// Installation and push errors the LeanCloud table leaves open: code 1, its catch-all for bad
/// parameters, with a precise message (docs/compatibility.md, "Push").
extension LCErrorCode {
    package static let missingDeviceType = LCErrorCode(
        code: 1, message: "deviceType must be specified in this operation.", httpStatus: 400)
    package static func unknownDeviceType(_ type: String) -> LCErrorCode {
        LCErrorCode(code: 1, message: "Unknown deviceType '\(type)': expected ios, android or wp.", httpStatus: 400)
    }
    package static let invalidInstallationId = LCErrorCode(
        code: 1, message: "installationId must be a non-empty string for this deviceType.", httpStatus: 400)
}
