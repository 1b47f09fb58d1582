import LCWire

/// An object's access control list (spec §6.1): who may read and who may write.
///
/// ```swift
/// var acl = LCACL()
/// acl.allow(.read, for: .user(user.objectId))
/// post.acl = acl
/// ```
public struct LCACL: Sendable, Equatable, Codable, LCValueConvertible {
    /// Whom an entry is about.
    public enum Principal: Sendable, Hashable {
        case everyone
        case user(String)
        case role(String)

        /// The ACL key: `*`, the user's objectId, or `role:<name>`.
        public var key: String {
            switch self {
            case .everyone: return "*"
            case .user(let id): return id
            case .role(let name): return "role:" + name
            }
        }
    }

    public enum Access: String, Sendable { case read, write }

    /// Keys with the accesses they grant; only grants are stored (there is no explicit deny).
    public private(set) var grants: [String: Set<String>] = [:]

    /// An ACL that grants nothing (only the master key can read or write).
    public init() {}

    /// Public read and write: the default class ACL.
    public static var publicReadWrite: LCACL {
        var acl = LCACL()
        acl.allow(.read, for: .everyone)
        acl.allow(.write, for: .everyone)
        return acl
    }

    public mutating func allow(_ access: Access, for principal: Principal) {
        grants[principal.key, default: []].insert(access.rawValue)
    }

    public mutating func deny(_ access: Access, for principal: Principal) {
        grants[principal.key]?.remove(access.rawValue)
        if grants[principal.key]?.isEmpty == true { grants[principal.key] = nil }
    }

    public func allows(_ access: Access, for principal: Principal) -> Bool {
        grants[principal.key]?.contains(access.rawValue) == true
    }

    /// `{"<key>":{"read":true,"write":true},…}`, keys sorted.
    public var lcJSON: JSON {
        .object(JSONObject(grants.keys.sorted().map { key in
            (key, .object(JSONObject(grants[key, default: []].sorted().map { ($0, JSON.bool(true)) })))
        }))
    }

    /// Reads the ACL JSON form, keeping only `true` grants.
    public init(json: JSON) {
        for (key, value) in json.objectValue ?? JSONObject() {
            for (access, granted) in value.objectValue ?? JSONObject() where granted.boolValue == true {
                grants[key, default: []].insert(access)
            }
        }
    }

    public init(from decoder: Decoder) throws {
        let raw = try [String: [String: Bool]](from: decoder)
        for (key, accesses) in raw { for (access, granted) in accesses where granted { grants[key, default: []].insert(access) } }
    }

    public func encode(to encoder: Encoder) throws {
        try grants.mapValues { Dictionary(uniqueKeysWithValues: $0.map { ($0, true) }) }.encode(to: encoder)
    }
}
