/// What an authenticated request may do (spec §1.4).
public enum LCPrivilege: Sendable, Hashable {
    /// App key: subject to ACLs, class permissions and the `_User` self-only rule.
    case client
    /// Master key: bypasses all of them; required for `/scan`, `/schemas`, and the like.
    case master
}
