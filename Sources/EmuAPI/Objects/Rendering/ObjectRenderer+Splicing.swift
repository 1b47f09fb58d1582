#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EmuSQLite
import LCWire

/// Writing query rows straight into a response. A stored object's `data` column is the text
/// `JSONSerializer` wrote for its fields, so when rendering would not change a field, the
/// response form is that text with `createdAt`, `updatedAt`, `objectId` (and the ACL) appended:
/// no JSON tree is built and serialized again per object. A query page of 20 small objects
/// spent about a fifth of its CPU parsing and re-serializing them.
extension ObjectRenderer {
    /// Whether rows of `className` may be copied: no projection, no includes, no fields this
    /// caller may not see (`redacting`) and no hidden ones (`hidden`, `_User` only).
    func splices(_ className: String) -> Bool {
        guard options.include.isEmpty, options.keys == nil, className != LCClassName.user else { return false }
        guard let access, !access.isMaster else { return true }
        return !access.fieldPermissions.hidesFields(of: className)
    }

    /// Appends the response form of a row of `QueryPlan.columns`, the same bytes as
    /// `render(record)` serialized: copied when `splices(className)` and the stored texts are
    /// canonical, otherwise decoded and rendered. Call inside the query's read.
    func appendRow(_ row: Statement, className: String, splicing: Bool,
                   to out: inout JSONSerializer, in db: Database) throws {
        if splicing, appendSpliced(row, to: &out) { return }
        let record = try ObjectStore.record(fromQueryRow: row, className: className)
        out.append(.object(try render(record, in: db)))
    }

    /// Copies the row when its texts allow it; false (nothing written) otherwise.
    private func appendSpliced(_ row: Statement, to out: inout JSONSerializer) -> Bool {
        row.withText(at: 4) { data -> Bool in
            // Fields named like the server fields would be overwritten in place by rendering,
            // and a File reference is resolved from its `_File` object: both take the long way.
            guard let data, CanonicalJSON.isCanonicalObject(data, topLevelKey: { !Self.isServerField($0) }),
                  !Self.contains(data, Self.fileMarker) else { return false }
            return row.withText(at: 3) { acl -> Bool in
                // Checked even when not shown: the long way parses it, and fails on a bad one.
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

    /// `"createdAt":…,"updatedAt":…,"objectId":…`, in `wireForm`'s order.
    private func appendServerFields(_ row: Statement, to out: inout JSONSerializer) {
        out.appendASCII(#""createdAt":"#)
        out.appendISOString(LCDate(millisecondsSince1970: row.int64(at: 1)))
        out.appendASCII(#","updatedAt":"#)
        out.appendISOString(LCDate(millisecondsSince1970: row.int64(at: 2)))
        out.appendASCII(#","objectId":"#)
        row.withText(at: 0) { id in
            if let id { out.appendString(utf8: id) } else { out.appendString("") }
        }
    }

    /// `"__type":"File"` as a canonical text spells it; only a string's delimiters are bare quotes.
    private static let fileMarker = Array(#""__type":"File""#.utf8)

    private static let serverFields = [LCFieldName.createdAt, LCFieldName.updatedAt, LCFieldName.objectId,
                                       LCFieldName.acl].map { Array($0.utf8) }

    private static func isServerField(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        serverFields.contains { $0.elementsEqual(key) }
    }

    /// `memchr` to the next candidate, then `memcmp`: a byte loop here cost 2 % of a query page.
    private static func contains(_ text: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let base = text.baseAddress, text.count >= needle.count else { return false }
        // memchr looks for the needle's second byte, `_`: its first, a quote, starts every key
        // and string of the object, and each stop costs a call.
        let anchor = 1
        return needle.withUnsafeBufferPointer { needle in
            let end = base + (text.count - needle.count + anchor + 1)  // past the last possible anchor
            var at = base + anchor
            while at < end, let found = memchr(at, Int32(needle[anchor]), end - at) {
                let anchored = found.assumingMemoryBound(to: UInt8.self)
                if memcmp(anchored - anchor, needle.baseAddress!, needle.count) == 0 { return true }
                at = UnsafePointer(anchored) + 1
            }
            return false
        }
    }
}
