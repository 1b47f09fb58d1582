import EmuData
import EmuRouting
import EmuSQLite
import LCWire

extension AppDataFile {
    /// The objects of an import that can be written, each with its position (0-based), and the
    /// rejections of the others: everything is checked before anything is written.
    struct CheckedObjects {
        var records: [(index: Int, record: ObjectRecord)] = []
        var rejections: [ImportRejection] = []
    }

    static func check(_ elements: [JSON], className: String, now: LCDate, lines: [Int]?) -> CheckedObjects {
        let lines = lines?.count == elements.count ? lines : nil
        var checked = CheckedObjects()
        var firstIndexOfId: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            do {
                guard let object = element.objectValue else {
                    throw ImportError("not an object: \(element.jsonString.prefix(40))", code: LCErrorCode.malformedJSON.code)
                }
                try check(object)
                let record = try SeedImporter.record(from: object, className: className, now: now)
                if firstIndexOfId[record.objectId] != nil {
                    throw ImportError("objectId \(record.objectId) appears twice in the file", code: LCErrorCode.duplicateValue.code)
                }
                firstIndexOfId[record.objectId] = index
                checked.records.append((index, record))
            } catch let error as ImportError {
                checked.rejections.append(error.rejection(index: index, lines: lines))
            } catch {
                checked.rejections.append(ImportRejection(index: index + 1, line: lines?[index], reason: "\(error)"))
            }
        }
        return checked
    }

    /// The records of `objects`, checked before anything is written; the first problem throws.
    /// (Seeds and `lcemu exec --import`, which are all or nothing.)
    static func records(from objects: [JSONObject], className: String, now: LCDate) throws -> [ObjectRecord] {
        let checked = check(objects.map(JSON.object), className: className, now: now, lines: nil)
        if let first = checked.rejections.first { throw TransferError(first.description) }
        return checked.records.map(\.record)
    }

    /// Field names must be ones the API could have written (spec §2.2, error 105); the ACL an object.
    static func check(_ object: JSONObject) throws {
        let server: Set<String> = [LCFieldName.objectId, LCFieldName.createdAt, LCFieldName.updatedAt, LCFieldName.acl]
        // The hidden web password hash of `_User` is exported and must come back (Users/UserPassword.swift).
        for key in object.keys where !server.contains(key) && !LCNames.isValidFieldName(key) && !UserPassword.isHidden(key) {
            throw ImportError("invalid field name '\(key)': a letter, then letters, digits or _", code: LCErrorCode.invalidKeyName.code)
        }
        if let acl = object[LCFieldName.acl], acl.objectValue == nil, !acl.isNull {
            throw ImportError("ACL must be an object like {\"*\":{\"read\":true}}, got \(acl.jsonString)", code: LCErrorCode.invalidACL.code)
        }
        if let id = object[LCFieldName.objectId], id.stringValue == nil {
            throw ImportError("objectId must be a string, got \(id.jsonString)")
        }
    }

    /// Inserts the row unless the class has its objectId already (false then). One statement
    /// per object, on the `UNIQUE (class, id)` index, instead of a lookup, an insert and the
    /// class check of `ObjectStore.insert`: the class is ensured once per import.
    static func insertIfNew(_ record: ObjectRecord, in db: Database) throws -> Bool {
        try db.execute(
            "INSERT INTO objects (class, id, created_at, updated_at, acl, data) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (class, id) DO NOTHING",
            [.text(record.className), .text(record.objectId),
             .integer(record.createdAt.millisecondsSince1970), .integer(record.updatedAt.millisecondsSince1970),
             record.aclColumn, record.dataColumn])
        return db.changes == 1
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
