import EmuSQLite
import LCWire

/// One platform entry of `authData` (spec §5.8): `{"weixin":{"openid":…,"access_token":…}}`.
/// The emulator verifies no third-party token (it cannot reach the platforms): an entry is
/// identified by its id alone (docs/users.md).
package struct AuthDataEntry: Sendable {
    let platform: String
    /// The member that identifies the account on the platform: `openid` (weixin, qq), `id`
    /// (anonymous) or `uid` (weibo, lc_apple and every custom platform), see `idKey`.
    let key: String
    let uid: String
    let data: JSONObject

    /// The entries of an `authData` object, `null` values (unlinks) left out. A platform name
    /// outside `[A-Za-z0-9_]` is 105; an entry that is not an object or lacks its id is 250.
    package static func entries(of authData: JSONObject) throws -> [AuthDataEntry] {
        try authData.compactMap { platform, value in
            guard isValidPlatform(platform) else {
                throw APIError(.invalidKeyName(column: "\(LCFieldName.authData).\(platform)"))
            }
            if value.isNull { return nil }
            guard let data = value.objectValue else { throw APIError(.linkedIdMissing) }
            let key = idKey(of: platform, data: data)
            guard let uid = idText(data[key]) else { throw APIError(.linkedIdMissing) }
            return AuthDataEntry(platform: platform, key: key, uid: uid, data: data)
        }
    }

    /// `openid` for weixin and qq, `id` for anonymous, else `uid`; a custom platform entry
    /// without `uid` but with `openid` (a UnionID app entry such as `weixin_app`) uses `openid`.
    static func idKey(of platform: String, data: JSONObject) -> String {
        switch platform {
        case "weixin", "qq": return "openid"
        case "anonymous": return "id"
        default: return data["uid"] == nil && data["openid"] != nil ? "openid" : "uid"
        }
    }

    static func isValidPlatform(_ name: String) -> Bool {
        name.wholeMatch(of: #/[A-Za-z0-9_]{1,64}/#) != nil
    }

    private static func idText(_ value: JSON?) -> String? {
        switch value {
        case .string(let text)? where !text.isEmpty: return text
        case .number(let number)? where number == number.rounded(): return String(Int64(number))
        default: return nil
        }
    }

    /// The UnionID entry this entry adds when it is the main account (§5.8):
    /// `_<platform>_unionid: {"uid": <unionid>}`, where `<platform>` is the entry's `platform`.
    var unionIdEntry: (platform: String, value: JSON)? {
        guard let unionPlatform = unionPlatform, let unionId = data["unionid"]?.stringValue, !unionId.isEmpty,
              isMainAccount else { return nil }
        return ("_\(unionPlatform)_unionid", ["uid": .string(unionId)])
    }

    /// The UnionID platform named in the entry, e.g. `weixin`.
    var unionPlatform: String? {
        guard let name = data["platform"]?.stringValue, Self.isValidPlatform(name) else { return nil }
        return name
    }

    /// `main_account` is `true` or the string `"true"` (§5.8).
    var isMainAccount: Bool {
        switch data["main_account"] {
        case .bool(true)?, .string("true")?: return true
        default: return false
        }
    }
}

// MARK: - AuthDataLinks

/// Finding and guarding the links between users and third-party accounts (spec §5.8).
package enum AuthDataLinks {
    /// The user an `authData` body logs in as: the first entry whose id is linked, else the
    /// first entry whose UnionID is stored as a main account's `_<platform>_unionid`.
    package static func linkedUser(_ entries: [AuthDataEntry], in db: Database) throws -> ObjectRecord? {
        for entry in entries {
            if let user = try UserStore.user(linkedTo: entry.platform, key: entry.key, uid: entry.uid, in: db) {
                return user
            }
        }
        for entry in entries {
            guard let platform = entry.unionPlatform, let unionId = entry.data["unionid"]?.stringValue else { continue }
            if let user = try UserStore.user(linkedTo: "_\(platform)_unionid", key: "uid", uid: unionId, in: db) {
                return user
            }
        }
        return nil
    }

    /// `authData` with the UnionID entries of main accounts added.
    package static func withUnionIds(_ authData: JSONObject) throws -> JSONObject {
        var result = authData
        for entry in try AuthDataEntry.entries(of: authData) {
            if let union = entry.unionIdEntry { result[union.platform] = union.value }
        }
        return result
    }

    /// 208 when one of `platforms` of the saved `record` is linked to another user too.
    static func checkNotLinkedElsewhere(_ record: ObjectRecord, platforms: Set<String>, in db: Database) throws {
        guard let authData = record.fields[LCFieldName.authData]?.objectValue else { return }
        for entry in try AuthDataEntry.entries(of: authData) where platforms.contains(entry.platform) {
            if let other = try UserStore.user(linkedTo: entry.platform, key: entry.key, uid: entry.uid, in: db),
               other.objectId != record.objectId {
                throw APIError(.accountAlreadyLinked)
            }
        }
    }

    /// An update body with a top-level `authData` object turned into one dot-path change per
    /// platform, so linking merges into the user's links instead of replacing them, and a
    /// `null` platform unlinks it (Python SDK, §5.8). Returns the platforms the body touches.
    static func rewriteForUpdate(_ body: JSONObject) throws -> (body: JSONObject, platforms: Set<String>) {
        var platforms = Set<String>()
        var result = JSONObject()
        for (key, value) in body {
            if key == LCFieldName.authData, let links = value.objectValue, links[LCWireKey.op] == nil {
                for (platform, data) in try withUnionIds(links) {
                    platforms.insert(platform)
                    result["\(LCFieldName.authData).\(platform)"] = data.isNull
                        ? [LCWireKey.op: .string(LCOperationName.delete.rawValue)] : data
                }
            } else {
                if key.hasPrefix("\(LCFieldName.authData).") { platforms.insert(String(key.dropFirst(9))) }
                result[key] = value
            }
        }
        return (result, platforms)
    }
}
