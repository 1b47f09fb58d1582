/// Opaque bearer tokens for sessions.
public enum SessionToken {
    /// The characters a token is made of: digits and lowercase letters.
    public static let alphabet = "0123456789abcdefghijklmnopqrstuvwxyz"
    /// The length of a token. 25 characters of 36 carry about 129 bits of entropy.
    public static let length = 25

    /// A new random token of `length` characters from `alphabet`, from the secure RNG.
    public static func generate() -> String {
        SecureRandom.string(length: length, alphabet: alphabet)
    }
}
