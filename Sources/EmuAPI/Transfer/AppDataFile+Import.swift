import EmuSQLite
import LCWire

extension AppDataFile {
    /// Writes `objects` (wire form: fields plus optional `objectId`, `createdAt`, `updatedAt`,
    /// `ACL`) into `className`, in one transaction: any error leaves the database untouched.
    ///
    /// Server fields are kept when present, generated when absent (as for the seed). An object
    /// whose `objectId` is already in the class is an error naming the id, unless `replace` is
    /// set: it is then overwritten in place, keeping its position in insertion order.
    @discardableResult
    public func importObjects(_ objects: [JSONObject], into className: String, replace: Bool = false) throws -> ImportReport {
        guard LCNames.isValidClassName(className) else {
            throw TransferError("invalid class name '\(className)': a letter, then letters, digits or _")
        }
        let records = try Self.records(from: objects, className: className, now: clock.now)
        var report = ImportReport(className: className)
        try database.write { db in
            // A database created by an import is never seeded later: the import is its content.
            try db.execute("INSERT OR IGNORE INTO emu_meta (key, value) VALUES ('seeded', ?)", [.text(clock.now.iso)])
            // Even with no objects, so an empty class survives an export/import round trip.
            try ObjectStore.ensureClass(className, now: clock.now, in: db)
            for record in records {
                if try !Self.exists(record, in: db) {
                    try ObjectStore.insert(record, in: db)
                    report.inserted += 1
                } else if replace {
                    try Self.overwrite(record, in: db)
                    report.replaced += 1
                } else {
                    throw TransferError("object \(record.objectId) already exists in \(className) (use --replace to overwrite it)")
                }
            }
        }
        return report
    }

    /// The records of `objects`, checked before anything is written.
    static func records(from objects: [JSONObject], className: String, now: LCDate) throws -> [ObjectRecord] {
        var seen = Set<String>()
        return try objects.enumerated().map { index, object in
            let record: ObjectRecord
            do {
                try check(object)
                record = try SeedImporter.record(from: object, className: className, now: now)
            } catch let error as ImportError {
                throw TransferError("object \(index + 1): \(error.description)")
            }
            guard seen.insert(record.objectId).inserted else {
                throw TransferError("object \(index + 1): objectId \(record.objectId) appears twice in the file")
            }
            return record
        }
    }

    /// Field names must be ones the API could have written (spec §2.2, error 105); the ACL an object.
    static func check(_ object: JSONObject) throws {
        let server: Set<String> = [LCFieldName.objectId, LCFieldName.createdAt, LCFieldName.updatedAt, LCFieldName.acl]
        // The hidden web password hash of `_User` is exported and must come back (WebLogin/WebPassword.swift).
        for key in object.keys where !server.contains(key) && !LCNames.isValidFieldName(key) && !WebPassword.isHidden(key) {
            throw ImportError("invalid field name '\(key)': a letter, then letters, digits or _")
        }
        if let acl = object[LCFieldName.acl], acl.objectValue == nil, !acl.isNull {
            throw ImportError("ACL must be an object like {\"*\":{\"read\":true}}, got \(acl.jsonString)")
        }
        if let id = object[LCFieldName.objectId], id.stringValue == nil {
            throw ImportError("objectId must be a string, got \(id.jsonString)")
        }
    }

    static func exists(_ record: ObjectRecord, in db: Database) throws -> Bool {
        try db.scalar("SELECT 1 FROM objects WHERE class = ? AND id = ?", [.text(record.className), .text(record.objectId)]) != nil
    }

    /// Replaces the row's content but keeps its rowid, so exports keep the original order.
    static func overwrite(_ record: ObjectRecord, in db: Database) throws {
        try db.execute(
            "UPDATE objects SET created_at = ?, updated_at = ?, acl = ?, data = ? WHERE class = ? AND id = ?",
            [.integer(record.createdAt.millisecondsSince1970), .integer(record.updatedAt.millisecondsSince1970),
             record.aclColumn, record.dataColumn, .text(record.className), .text(record.objectId)])
    }
}
