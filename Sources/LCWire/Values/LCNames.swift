/// Validators for the names LeanCloud restricts (spec §2.2, §6.4, error codes 103/105/121/122/139).
///
/// ```swift
/// LCNames.isValidClassName("Post")      // true
/// LCNames.isValidClassName("_User")     // true, built-in
/// LCNames.isValidClassName("_Mine")     // false → 103
/// LCNames.isValidFieldName("invalid?")  // false → 105
/// ```
public enum LCNames {
    /// A class name: a letter, then letters, digits or `_`; or one of the built-in `_` classes.
    public static func isValidClassName(_ name: String) -> Bool {
        isIdentifier(name) || LCClassName.builtIn.contains(name)
    }

    /// A top-level field name: a letter, then letters, digits or `_` (error 105).
    ///
    /// `__type` and `__op` fail too, which keeps them out of user data as §2.2 asks.
    public static func isValidFieldName(_ name: String) -> Bool {
        isIdentifier(name)
    }

    /// A key inside a nested JSON object value: anything without `$` or `.` (error 121).
    public static func isValidNestedKey(_ key: String) -> Bool {
        !key.utf8.contains { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: ".") }
    }

    /// A role name: one or more of `A-Za-z0-9_` (error 139, spec §6.4).
    public static func isValidRoleName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "_") }
    }

    /// A file name: 1 to 36 of `a-zA-Z0-9_.` (error 122).
    public static func isValidFileName(_ name: String) -> Bool {
        let utf8 = name.utf8
        return (1...36).contains(utf8.count)
            && utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") }
    }

    /// `[A-Za-z][A-Za-z0-9_]*`, ASCII only.
    static func isIdentifier(_ name: String) -> Bool {
        var bytes = name.utf8.makeIterator()
        guard let first = bytes.next(), isLetter(first) else { return false }
        while let byte = bytes.next() {
            guard isAlphanumeric(byte) || byte == UInt8(ascii: "_") else { return false }
        }
        return true
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
