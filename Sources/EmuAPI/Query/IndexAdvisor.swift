import EmuHTTP
import EmuSQLite

/// Creates expression indexes on demand: the first query that filters or sorts on a field adds
/// an index on `(class, <that field's expression>)`, so later queries use it (docs/queries.md).
/// Bounded per app, so a client cannot make the database grow without limit.
final class IndexAdvisor: Sendable {
    static let maximumIndexes = 64
    private let known = Locked<Set<String>>([])

    /// Ensures an index exists for every expression; a no-op for those already seen.
    func ensureIndexes(for expressions: [String], in database: DatabaseQueue) throws {
        let missing = known.withValue { known -> [String] in
            let fresh = Array(Set(expressions).subtracting(known))
            return known.count + fresh.count <= Self.maximumIndexes ? fresh : []
        }
        guard !missing.isEmpty else { return }
        try database.write { db in
            for expression in missing {
                try db.execute("CREATE INDEX IF NOT EXISTS \(Self.name(for: expression)) ON objects (class, \(expression))")
            }
        }
        known.withValue { $0.formUnion(missing) }
    }

    /// A stable index name derived from the expression (FNV-1a, hex).
    static func name(for expression: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in expression.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return "objects_q_" + String(hash, radix: 16)
    }
}
