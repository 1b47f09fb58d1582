import EmuSQLite
import LCWire

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
