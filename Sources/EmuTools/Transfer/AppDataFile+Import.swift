import EmuData
import EmuRouting
import EmuSQLite
import LCWire

extension AppDataFile {
    /// Writes `objects` (wire form: fields plus optional `objectId`, `createdAt`, `updatedAt`,
    /// `ACL`) into `className`, in one transaction.
    ///
    /// Server fields are kept when present, generated when absent (as for the seed). An object
    /// whose `objectId` is already in the class is rejected, unless `replace` is set: it is then
    /// overwritten in place, keeping its position in insertion order.
    ///
    /// All or nothing: any rejected object throws `ImportRejectedError` (listing every rejection)
    /// and leaves the database untouched, unless `continueOnError` is set: then the others are
    /// written and the rejections are in the report. `progress` hears the number of objects
    /// written so far.
    @discardableResult
    public func importObjects(_ objects: [JSONObject], into className: String, replace: Bool = false) throws -> ImportReport {
        try importElements(objects.map(JSON.object), into: className, options: ImportOptions(replace: replace))
    }

    /// `importObjects` for the elements of a file's array, which may hold things other than objects.
    @discardableResult
    public func importElements(_ elements: [JSON], into className: String, options: ImportOptions,
                               progress: ((Int) -> Void)? = nil) throws -> ImportReport {
        guard LCNames.isValidClassName(className) else {
            throw TransferError("invalid class name '\(className)': a letter, then letters, digits or _")
        }
        let now = clock.now
        let checked = Self.check(elements, className: className, now: now, lines: options.lines)
        // Already doomed: still written, to find every further rejection (the ids the class has,
        // the objects the store finds too large), then rolled back; no progress is drawn.
        let doomed = !checked.rejections.isEmpty && !options.continueOnError
        var report = ImportReport(className: className)
        var rejections = checked.rejections
        try database.write { db in
            // A database created by an import is never seeded later: the import is its content.
            try SeedProvenance.markFilled(db, at: now.iso)
            // Even with no objects, so an empty class survives an export/import round trip.
            try ObjectStore.ensureClass(className, now: now, in: db)
            for (done, (index, record)) in checked.records.enumerated() {
                do {
                    if try Self.insertIfNew(record, in: db) {
                        report.inserted += 1
                    } else if options.replace {
                        try Self.overwrite(record, in: db)
                        report.replaced += 1
                    } else {
                        rejections.append(ImportRejection(
                            index: index + 1, line: options.lines?[safe: index],
                            reason: "objectId \(record.objectId) already exists in \(className) (use --replace to overwrite it)",
                            code: LCErrorCode.duplicateValue.code))
                    }
                } catch let refused as APIError {
                    // What the store refuses to write, as it would refuse the API (116: larger
                    // than `ObjectStore.maxObjectBytes`); its statement alone was undone.
                    rejections.append(ImportRejection(index: index + 1, line: options.lines?[safe: index],
                                                      reason: Self.reason(refused), code: refused.code.code))
                }
                if !doomed { progress?(done + 1) }
            }
            if !rejections.isEmpty && !options.continueOnError {
                throw ImportRejectedError(rejections: rejections.sorted { $0.index < $1.index }, total: elements.count)
            }
        }
        report.rejected = rejections.sorted { $0.index < $1.index }
        return report
    }
}

// MARK: - Checking and writing

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

    /// Inserts the row through the store, whose one insert path holds the object size limit,
    /// unless the class has its objectId already (false then). The table's `UNIQUE (class, id)`
    /// index says so, with no lookup before: the failed statement alone is undone, the import's
    /// transaction goes on. The class is ensured once per import, hence `classExists`.
    static func insertIfNew(_ record: ObjectRecord, in db: Database) throws -> Bool {
        do {
            try ObjectStore.insert(record, classExists: true, in: db)
            return true
        } catch let error as SQLiteError where error.isUniqueViolation {
            return false
        }
    }

    /// Replaces the row's content through the store (the size limit again), keeping its rowid so
    /// exports keep the original order; then the file's `createdAt`, which an update through the
    /// API never changes and so the store's update does not write.
    static func overwrite(_ record: ObjectRecord, in db: Database) throws {
        try ObjectStore.update(record, in: db)
        try db.execute("UPDATE objects SET created_at = ? WHERE class = ? AND id = ?",
                       [.integer(record.createdAt.millisecondsSince1970), .text(record.className), .text(record.objectId)])
    }

    /// The rejection's reason for what the store refused: the size with the limit it broke.
    static func reason(_ refused: APIError) -> String {
        guard refused.code.code == LCErrorCode.objectTooLarge.code else { return refused.code.message }
        return "the object is larger than \(ObjectStore.maxObjectBytes >> 20) MB (its fields and ACL serialized; LeanCloud's limit)"
    }
}

// MARK: - ImportOptions

/// How `AppDataFile.importObjects` treats what it finds (docs/import-export.md).
public struct ImportOptions: Sendable {
    /// Overwrite objects whose objectId is already in the class (default: reject them).
    public var replace: Bool
    /// Write the objects that can be written and report the others, instead of writing nothing
    /// when any object is rejected.
    public var continueOnError: Bool
    /// The line where each object starts in its file, for messages; nil when not from a file.
    public var lines: [Int]?

    public init(replace: Bool = false, continueOnError: Bool = false, lines: [Int]? = nil) {
        self.replace = replace
        self.continueOnError = continueOnError
        self.lines = lines
    }
}

// MARK: - ImportReport

/// What an import did, for the one line `lcemu import` prints.
public struct ImportReport: Sendable, Equatable {
    public var className: String
    /// New objects written.
    public var inserted = 0
    /// Existing objects overwritten (only with `replace`).
    public var replaced = 0
    /// Objects left out, in input order (only with `continueOnError`; otherwise they throw).
    public var rejected: [ImportRejection] = []

    public init(className: String, inserted: Int = 0, replaced: Int = 0) {
        self.className = className
        self.inserted = inserted
        self.replaced = replaced
    }

    /// Objects written in all.
    public var total: Int { inserted + replaced }
}

// MARK: - ImportRejection

/// One object of an import that cannot be written, and why: its position in the input (1-based,
/// and its line when it came from a file), the reason, and the error code LeanCloud answers when
/// the same object is sent to `POST /1.1/classes/<class>` (nil when the API has no such case).
public struct ImportRejection: Equatable, Sendable, CustomStringConvertible {
    /// Position among the input's objects, from 1.
    public var index: Int
    /// Line of the file where the object starts, when known.
    public var line: Int?
    public var reason: String
    /// LeanCloud's code for the same problem (105 invalid key name, 123 invalid ACL, 137 duplicate value).
    public var code: Int?

    public init(index: Int, line: Int? = nil, reason: String, code: Int? = nil) {
        self.index = index
        self.line = line
        self.reason = reason
        self.code = code
    }

    /// `object 7 (line 12): invalid field name 'read-time': …`
    public var description: String {
        "object \(index)" + (line.map { " (line \($0))" } ?? "") + ": " + reason
    }

    /// The description with the API's code, as `lcemu import` lists rejections.
    public var listing: String {
        description + (code.map { " (LeanCloud code \($0))" } ?? "")
    }
}

/// An all-or-nothing import that found objects it cannot write: nothing was written.
public struct ImportRejectedError: Error, CustomStringConvertible {
    public var rejections: [ImportRejection]
    /// Objects in the input.
    public var total: Int
    /// The file imported, when it was one.
    public var file: String?

    public init(rejections: [ImportRejection], total: Int, file: String? = nil) {
        self.rejections = rejections
        self.total = total
        self.file = file
    }

    /// The first rejection, and how many more there are.
    public var description: String {
        let more = rejections.count > 1 ? " (and \(rejections.count - 1) more rejected)" : ""
        return (file.map { "\($0): " } ?? "") + (rejections.first?.description ?? "no objects rejected") + more
    }
}

extension ImportError {
    /// The rejection of the object at `index` (0-based) for this error.
    func rejection(index: Int, lines: [Int]?) -> ImportRejection {
        ImportRejection(index: index + 1, line: lines?[index], reason: description, code: code)
    }
}

// MARK: - Lines of the rejections

extension Array {
    /// The element at `index`, or nil past the end (lines that do not match the objects).
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
