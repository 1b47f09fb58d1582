import EmuSQLite
import LCWire

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
