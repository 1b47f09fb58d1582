/// The shape of LeanCloud object ids: 24 lowercase hex digits, like a MongoDB ObjectId (spec §2.2).
public enum LCObjectId {
    /// The number of characters in an object id.
    public static let length = 24

    /// Whether `id` is exactly 24 characters of `0-9a-f`, e.g. `558e20cbe4b060308e3eb36c`.
    public static func isValid(_ id: String) -> Bool {
        let utf8 = id.utf8
        guard utf8.count == length else { return false }
        return utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
        }
    }
}
