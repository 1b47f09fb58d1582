import EmuSQLite
import LCWire

/// What a query may reach on behalf of its caller, asked by every part of the query compiler:
/// the queried class, each inner query's class (`$inQuery`, `$select`, …), the owner of a
/// `$relatedTo`, and every field a condition, a `$select` key or an `order` reads. A query is a
/// way of reading objects, so it may not learn through its conditions what a fetch of the same
/// objects would not show (docs/access-control.md, "Every way of reaching an object"):
///
/// - a class whose `find` permission refuses the caller cannot be queried, directly or inside
///   another query (403, as a direct query answers);
/// - objects the caller's ACL cannot read are left out wherever a query looks (`readFilter`);
/// - a field the caller is never shown cannot be tested or sorted by
///   (`AccessContext.requireTestable`).
///
/// Built by `AccessContext.queryScope(in:)` inside the query's read; `unrestricted` (the master
/// key's reach) serves the emulator's own queries.
package struct QueryScope {
    /// The caller's ACL condition on an `objects` row (`AccessContext.readFilter`); nil: every object.
    let readFilter: SQLFragment?
    /// nil: no class or field permission applies (the emulator's own queries).
    private let access: AccessContext?
    private let db: Database?

    init(readFilter: SQLFragment?, access: AccessContext?, db: Database?) {
        self.readFilter = readFilter
        self.access = access
        self.db = db
    }

    /// Every class, object and field: the master key, internal queries.
    package static var unrestricted: QueryScope { QueryScope(readFilter: nil, access: nil, db: nil) }

    /// spec §6.3: the class permission `find` of a class the query (or one inside it) runs on.
    func requireFind(_ className: String) throws {
        guard let access, let db else { return }
        try access.require(.find, on: className, in: db)
    }

    /// `$relatedTo` reads a relation field of one owner object: the caller must be able to fetch
    /// it. The class permission `get` is checked here (403 as a fetch answers); the owner's ACL
    /// is the SQL condition returned, to join with the relation (nil: no condition needed).
    func ownerCondition(className: String, objectId: String) throws -> SQLFragment? {
        if let access, let db { try access.require(.get, on: className, in: db) }
        guard let readFilter else { return nil }
        // `acl` in the read filter names the column of the innermost `objects`: the owner's.
        return SQLFragment("EXISTS (SELECT 1 FROM objects WHERE class = ? AND id = ? AND (\(readFilter.sql)))",
                           [.text(className), .text(objectId)] + readFilter.arguments)
    }

    /// The field rule of `AccessContext.requireTestable`, for this query's caller.
    func requireTestable(_ path: String, of className: String) throws {
        try AccessContext.requireTestable(path, of: className, by: access)
    }
}

extension AccessContext {
    /// The reach of this caller's queries in `db` (the transaction the query runs in).
    func queryScope(in db: Database) throws -> QueryScope {
        QueryScope(readFilter: try readFilter(in: db), access: self, db: db)
    }
}

extension AccessContext {
    /// What a caller is never shown it may not test or sort by either, in a query or in the
    /// condition of a conditional write: `$regex` with `count` (or 200 against 305) would read it
    /// out character by character. A `_User`'s `password` hash is never returned (spec §12.5),
    /// nor tested, even by the master key; its `authData` (third-party ids and access tokens)
    /// only by the master key, as the owner has no need to search for it; a client-invisible
    /// field (`fieldPermissions`, spec §6.3) by no client. Refused as a bad key (400, code 1),
    /// like any field that cannot be queried. `access` nil: the emulator's own queries.
    static func requireTestable(_ path: String, of className: String, by access: AccessContext?) throws {
        let isMaster = access?.isMaster ?? true
        let hidesFields = !isMaster && access?.fieldPermissions.hidesFields(of: className) == true
        // Most classes hide nothing: no field name is looked at, nothing allocated.
        guard className == LCClassName.user || hidesFields else { return }
        let head = String(path.prefix { $0 != "." })
        if className == LCClassName.user && (head == LCFieldName.password || (head == LCFieldName.authData && !isMaster)) {
            throw QueryError.invalid("bad key '\(path)'")
        }
        if hidesFields, let access, access.fieldPermissions.isInvisible(head, in: className) {
            throw QueryError.invalid("bad key '\(path)'")
        }
    }

    /// Every field `condition` (a conditional write's `where`) tests must be testable.
    package func requireTestable(_ condition: WhereMatcher, of className: String) throws {
        if isMaster { return }
        for path in condition.testedFields { try Self.requireTestable(path, of: className, by: self) }
    }
}
