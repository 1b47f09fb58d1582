import EmuSQLite
import LCWire

/// The answer of a fetch (`GET /1.1/classes/<Class>/<id>`) written straight to bytes: the
/// stored object copied into it, as the query page does (`ObjectRenderer+Splicing.swift`), when
/// the renderer allows; otherwise decoded and rendered. The bytes are those of the rendered
/// object serialized, and the checks the same: the caller's ACL read permission (403), then
/// nothing found.
extension ObjectRenderer {
    enum FetchAnswer {
        case found([UInt8])
        case notFound
    }

    /// Call inside the fetch's read, after the class permission.
    func fetchAnswer(className: String, objectId: String, in db: Database) throws -> FetchAnswer {
        let statement = try db.cachedStatement(ObjectStore.fetchSQL)
        defer { statement.reset() }
        try statement.bind([.text(className), .text(objectId)])
        guard try statement.step() else { return .notFound }
        // Rendering may fetch other objects (files, includes) through this same cached
        // statement, which resets it: everything is read from the row before that can happen.
        guard splices(className) else {
            let record = try ObjectStore.record(fromQueryRow: statement, className: className)
            try access?.requireRead(record, in: db)
            return .found(JSON.object(try render(record, in: db)).serialized())
        }
        // spec §2.4: the ACL decides before anything of the object is written.
        try access?.requireRead(acl: try ObjectStore.acl(fromQueryRow: statement), in: db)
        var out = JSONSerializer(reservingCapacity: 512)
        try appendRow(statement, className: className, splicing: true, to: &out, in: db)
        return .found(out.bytes)
    }
}
