import EmuSQLite
import LCWire

/// How SQL reaches one value being compared: a top-level or dotted field of an object's JSON
/// document, a server-managed column, or the current element of an array (inside `json_each`).
struct FieldAccess: Sendable {
    /// The SQL value (`json_extract` result, a column, or `e.value`).
    let value: String
    /// The JSON type name (`json_type` result: text, integer, real, true, false, null, object,
    /// array — or NULL when the member is missing).
    let type: String
    /// Builds the SQL of a member below this value, e.g. `iso` of a Date or `objectId` of a Pointer.
    let member: @Sendable (String) -> String
    /// `json_each(...)` over this value when it is an array (nil for columns and elements).
    let elements: String?
    /// Set for server columns (`objectId`, `createdAt`, `updatedAt`), which have their own rules.
    let column: ServerColumn?

    enum ServerColumn: Sendable { case objectId, createdAt, updatedAt }

    /// The access for a field path of the queried objects of `className`, e.g. `title` or
    /// `address.city`, once `scope` allows the caller to test it (`QueryScope.requireTestable`).
    static func field(_ path: String, in className: String, scope: QueryScope, document: String = "data") throws -> FieldAccess {
        try scope.requireTestable(path, of: className)
        return try field(path, document: document)
    }

    /// The access for a field path, whatever the class.
    static func field(_ path: String, document: String = "data") throws -> FieldAccess {
        switch path {
        case LCFieldName.objectId: return column("id", .objectId)
        case LCFieldName.createdAt: return column("created_at", .createdAt)
        case LCFieldName.updatedAt: return column("updated_at", .updatedAt)
        default: break
        }
        let segments = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !segments.isEmpty, segments.allSatisfy({ !$0.isEmpty && !$0.contains("$") }),
              !UserPassword.isHidden(segments[0]) else {  // never queryable (Users/UserPassword.swift)
            throw QueryError.invalid("bad key '\(path)'")
        }
        // Field paths are the one piece of SQL text taken from input: keys are spliced as literals
        // so that expression indexes match the query text. Plain keys go in as they are; other
        // keys are double-quoted in the JSON path, and characters that could escape a quote are
        // refused.
        guard segments.allSatisfy(isSafeKey) else { throw QueryError.invalid("bad key '\(path)'") }
        let jsonPath = "$." + segments.map { isPlainKey($0) ? $0 : "\"\($0)\"" }.joined(separator: ".")
        return FieldAccess(
            value: "json_extract(\(document), '\(jsonPath)')",
            type: "json_type(\(document), '\(jsonPath)')",
            member: { "json_extract(\(document), '\(jsonPath).\($0)')" },
            elements: "json_each(\(document), '\(jsonPath)')", column: nil)
    }

    /// The access for the element of an array being iterated by `json_each(...) AS e`.
    /// Only an object element has members: a text element's `e.value` is raw text, which
    /// `json_extract` would reject as malformed JSON (a 500 for `["a", {…}]` arrays).
    static let element = FieldAccess(
        value: "e.value", type: "e.type", member: { "json_extract(CASE e.type WHEN 'object' THEN e.value END, '$.\($0)')" },
        elements: nil, column: nil)

    /// Whether the key can be spliced into SQL: ASCII letters, digits and underscore only.
    static func isPlainKey(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 95 }
    }

    /// Keys that can sit in a quoted JSON path inside an SQL literal: no quotes, backslashes or controls.
    static func isSafeKey(_ key: String) -> Bool {
        !key.isEmpty && key.unicodeScalars.allSatisfy { $0 != "'" && $0 != "\"" && $0 != "\\" && $0.value >= 0x20 && $0 != "$" }
    }

    private static func column(_ name: String, _ kind: ServerColumn) -> FieldAccess {
        FieldAccess(value: name, type: kind == .objectId ? "'text'" : "'date'", member: { _ in "NULL" }, elements: nil, column: kind)
    }
}
