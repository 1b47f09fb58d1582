import EmuCrypto

/// LeanCloud's session tokens: opaque bearer strings of 25 characters from `[0-9a-z]`.
enum SessionToken {
    /// The characters a token is made of: digits and lowercase letters.
    static let alphabet = "0123456789abcdefghijklmnopqrstuvwxyz"
    /// The length of a token. 25 characters of 36 carry about 129 bits of entropy.
    static let length = 25

    /// A new random token of `length` characters from `alphabet`, from the secure RNG.
    static func generate() -> String {
        SecureRandom.string(length: length, alphabet: alphabet)
    }
}
