/// Compares secrets without an early exit, so response timing does not reveal how many
/// leading bytes of a guessed key or digest were right.
///
/// Lengths are compared first and do leak; key and digest lengths are not secret.
enum ConstantTime {
    static func equals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in 0..<lhs.count { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }

    static func equals(_ lhs: some StringProtocol, _ rhs: some StringProtocol) -> Bool {
        equals(Array(lhs.utf8), Array(rhs.utf8))
    }
}
