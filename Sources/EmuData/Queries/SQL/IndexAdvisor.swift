import EmuSQLite
import LCWire
import Primitives

/// Creates expression indexes on demand: the first query that filters or sorts on a field adds
/// an index on `(class, <that field's key>, acl)`, so later queries use it (docs/queries.md).
/// The key holds every expression a condition on the field tests and `acl` is what the caller's
/// read filter tests, so SQLite answers a `count` from the index without reading a row.
/// Bounded per app, so a client cannot make the database grow without limit.
package final class IndexAdvisor: Sendable {
    static let maximumIndexes = 64
    private let known = Locked<Set<String>>([])

    /// Ensures an index exists for every key (`FieldAccess.indexKey`); a no-op for those already seen.
    package func ensureIndexes(for keys: [String], in database: DatabaseQueue) throws {
        let missing = known.withValue { Self.missing(keys, known: $0) }
        guard !missing.isEmpty else { return }
        try database.write { db in
            for key in missing {
                try db.execute("CREATE INDEX IF NOT EXISTS \(Self.name(for: key)) ON objects (class, \(key), acl)")
            }
        }
        known.withValue { $0.formUnion(missing) }
    }

    /// Whether `ensureIndexes` would create an index for these keys. False lets a query run in
    /// the read that planned it; an empty list (most queries on server fields) takes no lock.
    package func wouldCreateIndexes(for keys: [String]) -> Bool {
        !keys.isEmpty && known.withValue { !Self.missing(keys, known: $0).isEmpty }
    }

    /// The keys not yet seen, or none when creating them all would pass the limit.
    private static func missing(_ keys: [String], known: Set<String>) -> [String] {
        let fresh = Array(Set(keys).subtracting(known))
        return known.count + fresh.count <= maximumIndexes ? fresh : []
    }

    /// The prefix of the advisor's index names. Indexes without `acl` (named `objects_q_…`,
    /// found in databases written by earlier versions) are dropped by the `query-indexes-v2`
    /// migration.
    static let prefix = "objects_qa_"

    /// A stable index name derived from the key (FNV-1a, hex).
    static func name(for key: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return prefix + String(hash, radix: 16)
    }
}

extension FieldAccess {
    /// The index key for conditions on this field: the expression they compare and sort by,
    /// then `rowid` (so `ORDER BY <expression>, rowid` walks the index without a sort), then
    /// the type test they also make. Dates compare by `iso` and test `__type`, pointers compare
    /// by `objectId` and test `className`, other values compare by value and test `json_type`.
    func indexKey(as kind: IndexedKind) -> String {
        switch kind {
        case .value: return "\(value), rowid, \(type)"
        case .date: return "\(member("iso")), rowid, \(member(LCWireKey.type))"
        case .pointer: return "\(member("objectId")), rowid, \(member("className"))"
        }
    }

    enum IndexedKind { case value, date, pointer }
}
