import EmuData
import EmuRouting
import LCWire

// Refusals of the friendship endpoints that LeanCloud's table does not word; choices recorded in
// docs/compatibility.md ("Friendship").
extension LCErrorCode {
    /// Following, or asking to befriend, oneself.
    static let cannotBefriendYourself = LCErrorCode(code: 1, message: "A user cannot follow or befriend themselves.", httpStatus: 400)
    /// A second request while one from the same user to the same friend is pending or declined
    /// (LeanCloud: after a decline only the friend can change it, by accepting it).
    static let friendshipRequestExists = LCErrorCode(
        code: 137, message: "A friendship request from this user to this friend already exists.", httpStatus: 400)
    /// Accepting or declining a request addressed to another user.
    static let friendshipRequestOfAnotherUser = LCErrorCode(
        code: 403, message: "Only the requested friend may accept or decline a friendship request.", httpStatus: 403)
    /// `friendship` attributes that are not an object, or that name a reserved field.
    static func invalidFriendshipAttributes(_ reason: String) -> LCErrorCode {
        LCErrorCode(code: 107, message: "Invalid friendship attributes: \(reason).", httpStatus: 400)
    }
}
