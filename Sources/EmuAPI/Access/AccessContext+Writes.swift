import EmuSQLite
import LCWire

extension AccessContext {
    /// The checks of a create or update once the body is applied to `record`, inside its write
    /// transaction: `add_fields` for fields the class never had (spec §6.3), and the `_Role`
    /// rules (spec §6.4). `known` is the class schema before the write.
    func checkWritten(_ record: inout ObjectRecord, previous: ObjectRecord?, touchedKeys: [String],
                      known: ClassSchema, schema: inout ClassSchema, in db: Database) throws {
        try requireKnownFields(touchedKeys, of: record.className, schema: known, previous: previous, in: db)
        if record.className == LCClassName.role {
            try RoleRules.validate(&record, previous: previous, schema: &schema, in: db)
        }
    }
}
