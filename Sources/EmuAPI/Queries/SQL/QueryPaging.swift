/// `limit` and `skip` as LeanCloud reads them (§3.1): limit defaults to 100 and any value outside
/// 1...1000 becomes 100; skip defaults to 0 and negatives become 0.
enum QueryPaging {
    static let defaultLimit = 100
    static let maxLimit = 1000

    static func limit(_ raw: String?) -> Int {
        guard let raw, let value = Int(raw), (1...maxLimit).contains(value) else { return defaultLimit }
        return value
    }

    static func skip(_ raw: String?) -> Int {
        guard let raw, let value = Int(raw), value > 0 else { return 0 }
        return value
    }
}
