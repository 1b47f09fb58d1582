#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import EmuSQLite
import LCWire

/// Stored rows written straight into a response: the fetch answer and each object of a query
/// page. A row's `data` column is the text `JSONSerializer` wrote for its fields, so when
/// rendering would not change a field, the response form is that text with `createdAt`,
/// `updatedAt`, `objectId` (and the ACL) appended, and no JSON tree is built and serialized
/// again per object (parsing and re-serializing them is about a fifth of a query page's CPU).
/// Otherwise the row is decoded and `render`ed. Either way the bytes are those of
/// `render(record)` serialized.
extension ObjectRenderer {
    /// The answer of a fetch (`GET /1.1/classes/<Class>/<id>`), the object's response form;
    /// nil when the class has no such id. spec §2.4: the caller's ACL read permission (403)
    /// decides before anything of the object is written. Call inside the fetch's read, after
    /// the class permission.
    package func fetchAnswer(className: String, objectId: String, in db: Database) throws -> [UInt8]? {
        let statement = try db.cachedStatement(ObjectStore.fetchSQL)
        defer { statement.reset() }
        try statement.bindTexts(className, objectId)
        guard try statement.step() else { return nil }
        try access?.requireRead(acl: try ObjectStore.acl(fromQueryRow: statement), in: db)
        var out = JSONSerializer(reservingCapacity: 512)
        try appendRow(statement, className: className, splicing: splices(className), to: &out, in: db)
        return out.bytes
    }

    /// Whether rows of `className` may be copied: no projection, no includes, no fields this
    /// caller may not see (`redacting`) and no hidden ones (`hidden`, `_User` only).
    package func splices(_ className: String) -> Bool {
        guard options.include.isEmpty, options.keys == nil, className != LCClassName.user else { return false }
        guard let access, !access.isMaster else { return true }
        return !access.fieldPermissions.hidesFields(of: className)
    }

    /// Appends the response form of a row of `ObjectStore.columns`: copied when `splicing`
    /// (the page's `splices(className)`) and the stored texts are canonical, otherwise decoded
    /// and rendered. Call inside the read that stepped the row.
    package func appendRow(_ row: Statement, className: String, splicing: Bool,
                   to out: inout JSONSerializer, in db: Database) throws {
        if splicing, appendSpliced(row, to: &out) { return }
        // Rendering may fetch other objects (files, includes) through `ObjectStore.fetchSQL`'s
        // cached statement, which may be this row's: the record is read from it first.
        let record = try ObjectStore.record(fromQueryRow: row, className: className)
        out.append(.object(try render(record, in: db)))
    }

    /// Copies the row when its texts allow it; false (nothing written) otherwise.
    private func appendSpliced(_ row: Statement, to out: inout JSONSerializer) -> Bool {
        row.withText(at: 4) { data -> Bool in
            // Fields named like the server fields would be overwritten in place by rendering,
            // and a File reference is resolved from its `_File` object: both are rendered.
            guard let data, CanonicalJSON.isCanonicalObject(data, topLevelKey: { !Self.isServerField($0) }),
                  !ByteSearch.contains(data, Self.fileMarker, anchor: 1) else { return false }
            return row.withText(at: 3) { acl -> Bool in
                // Checked even when not shown: rendering parses it, and fails on a bad one.
                if let acl, !CanonicalJSON.isCanonicalObject(acl) { return false }
                out.appendCanonical(UnsafeBufferPointer(rebasing: data.dropLast()))
                if data.count > 2 { out.appendByte(UInt8(ascii: ",")) }
                appendServerFields(row, to: &out)
                if options.returnACL {
                    out.appendASCII(#","ACL":"#)
                    if let acl { out.appendCanonical(acl) } else { out.append(.object(ACLValidator.classDefault)) }
                }
                out.appendByte(UInt8(ascii: "}"))
                return true
            }
        }
    }

    /// `"createdAt":…,"updatedAt":…,"objectId":…`, in `wireForm`'s order, written in one piece
    /// (`JSONSerializer.appendServerFields`).
    private func appendServerFields(_ row: Statement, to out: inout JSONSerializer) {
        let created = LCDate(millisecondsSince1970: row.int64(at: 1))
        let updated = LCDate(millisecondsSince1970: row.int64(at: 2))
        row.withText(at: 0) { id in
            out.appendServerFields(createdAt: created, updatedAt: updated,
                                   objectId: id ?? UnsafeBufferPointer(start: nil, count: 0))
        }
    }

    /// `"__type":"File"` as a canonical text spells it; only a string's delimiters are bare quotes.
    /// `memchr` looks for its second byte, `_` (anchor 1): its first, a quote, starts every key
    /// and string of the object, and each stop costs a call (a byte loop cost 2 % of a query page).
    private static let fileMarker = Array(#""__type":"File""#.utf8)

    /// Whether a top-level key is `createdAt`, `updatedAt`, `objectId` or `ACL` (`LCFieldName`'s
    /// spellings; a test holds them to it). Asked for every key of every row copied: by length,
    /// then one `memcmp`, with no array of names to load first.
    static func isServerField(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        key.spells("ACL") || key.spells("objectId") || key.spells("createdAt") || key.spells("updatedAt")
    }
}

private extension UnsafeBufferPointer<UInt8> {
    /// Whether the buffer holds exactly `name`'s bytes.
    func spells(_ name: StaticString) -> Bool {
        count == name.utf8CodeUnitCount && memcmp(baseAddress!, name.utf8Start, count) == 0
    }
}
