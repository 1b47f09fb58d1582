import EmuSQLite
import LCWire

/// What a `_Role` must be after every write (spec §6.4), for master as for clients: a `name` of
/// `[A-Za-z0-9_]` (139), set once and never changed (139), unique (137); an `ACL` (123: the
/// docs require one, so LCEmu is strict); `users` a Relation to `_User` and `roles` a Relation
/// to `_Role`, both present (empty) from creation so a fetch shows them.
enum RoleRules {
    static let relations = [(LCFieldName.users, LCClassName.user), (LCFieldName.roles, LCClassName.role)]

    static func validate(_ record: inout ObjectRecord, previous: ObjectRecord?, schema: inout ClassSchema,
                         in db: Database) throws {
        let name = record.fields[LCFieldName.name]
        if let old = previous?.fields[LCFieldName.name], old != name { throw APIError(.invalidRoleName) }
        guard let text = name?.stringValue, LCNames.isValidRoleName(text) else { throw APIError(.invalidRoleName) }
        if previous?.fields[LCFieldName.name] == nil, try nameIsTaken(text, by: record.objectId, in: db) {
            throw APIError(.duplicateValue)
        }
        guard record.acl != nil else { throw APIError(.invalidACL) }
        for (key, target) in relations {
            let value = record.fields[key] ?? StoredReference.relation(className: target)
            guard StoredReference.relationClassName(of: value) == target else {
                let got = FieldType(of: value)?.displayName ?? "Null"
                throw APIError(.invalidType(key: key, expected: FieldType.relation(className: target).displayName, got: got))
            }
            if record.fields[key] == nil {
                record.fields[key] = value
                try schema.fix(key, for: value)
            }
        }
    }

    private static func nameIsTaken(_ name: String, by objectId: String, in db: Database) throws -> Bool {
        try db.scalar(
            "SELECT 1 FROM objects WHERE class = ? AND json_extract(data, '$.name') = ? AND id <> ? LIMIT 1",
            [.text(LCClassName.role), .text(name), .text(objectId)]) != nil
    }
}

// MARK: - RoleGraph

/// The roles a user holds (spec §6.2): every role whose `users` relation contains the user, then,
/// repeatedly, every role whose `roles` relation contains a role already held. One recursive
/// query over the `relations` table; `UNION` stops cycles.
enum RoleGraph {
    /// The names of the roles `userId` holds, directly or through other roles.
    static func roleNames(ofUser userId: String, in db: Database) throws -> [String] {
        let rows = try db.query(
            """
            WITH RECURSIVE held(id) AS (
                SELECT owner_id FROM relations
                WHERE target_class = ? AND target_id = ? AND owner_class = ? AND key = ?
                UNION
                SELECT r.owner_id FROM relations AS r JOIN held ON r.target_id = held.id
                WHERE r.target_class = ? AND r.owner_class = ? AND r.key = ?
            )
            SELECT json_extract(o.data, '$.name') FROM objects AS o
            WHERE o.class = ? AND o.id IN (SELECT id FROM held)
            """,
            [.text(LCClassName.user), .text(userId), .text(LCClassName.role), .text(LCFieldName.users),
             .text(LCClassName.role), .text(LCClassName.role), .text(LCFieldName.roles),
             .text(LCClassName.role)])
        return rows.compactMap { $0[0].textValue }
    }
}
