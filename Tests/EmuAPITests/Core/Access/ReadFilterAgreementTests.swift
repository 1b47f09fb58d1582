@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
import EmuSQLite
import EmuTesting
@testable import EmuTools
import LCWire
import Primitives
import Testing

/// Property test: the SQL read filter queries use and `AccessList.grants`, which fetches use,
/// agree on random ACLs and random principal sets (spec §6.2).
@Suite struct ReadFilterAgreementTests {
    static let principals = ["*", "u1", "u2", "role:A", "role:B"]

    @Test func sqlFilter_agreesWithTheSwiftCheck() throws {
        var rng = SeededRandom(seed: 0xAC1)
        func int(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        var acls: [JSONObject?] = [nil]
        for _ in 0..<60 {
            var acl = JSONObject()
            for principal in Self.principals where int(3) == 0 {
                var grant = JSONObject()
                if int(2) == 0 { grant["read"] = .bool(int(3) != 0) }
                if int(2) == 0 { grant["write"] = .bool(int(2) == 0) }
                acl[principal] = .object(grant)
            }
            acls.append(acl)
        }
        let queue = try DatabaseQueue(path: ":memory:")
        try AppSchema.migrator().migrate(queue)
        try queue.write { db in
            for (index, acl) in acls.enumerated() {
                try ObjectStore.insert(ObjectRecord(
                    className: "R", objectId: QueryFixture.id(index + 1), createdAt: LCDate(millisecondsSince1970: 0),
                    updatedAt: LCDate(millisecondsSince1970: 0), acl: acl, fields: JSONObject()), in: db)
            }
        }
        for userId in [nil, "u1", "u2"] {
            let access = AccessContext(caller: Caller(userId: userId))
            let (sql, principals) = try queue.read { db -> (Set<String>, Set<String>) in
                let plan = try QueryPlan.make(className: "R", where: nil, order: nil, limit: 1000, skip: 0,
                                              scope: try access.queryScope(in: db), schemaOf: { _ in QuerySchema() })
                return (Set(try QueryExecutor.records(plan, in: db).map(\.objectId)), try access.principals(in: db))
            }
            let expected = Set(acls.enumerated().filter { AccessList.grants($0.element, .read, to: principals) }
                .map { QueryFixture.id($0.offset + 1) })
            #expect(sql == expected, "user \(userId ?? "none")")
            #expect(!expected.isEmpty && expected.count < acls.count)
        }
    }
}
