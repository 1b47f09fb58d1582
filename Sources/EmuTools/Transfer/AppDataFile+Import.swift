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
        // Already doomed: only look for more rejections (ids the class has), write nothing.
        let onlyCheck = !checked.rejections.isEmpty && !options.continueOnError
        var report = ImportReport(className: className)
        var rejections = checked.rejections
        try database.write { db in
            // A database created by an import is never seeded later: the import is its content.
            try db.execute("INSERT OR IGNORE INTO emu_meta (key, value) VALUES ('seeded', ?)", [.text(now.iso)])
            // Even with no objects, so an empty class survives an export/import round trip.
            try ObjectStore.ensureClass(className, now: now, in: db)
            for (done, (index, record)) in checked.records.enumerated() {
                if onlyCheck ? try !Self.exists(record, in: db) : try Self.insertIfNew(record, in: db) {
                    report.inserted += 1
                } else if options.replace {
                    if !onlyCheck { try Self.overwrite(record, in: db) }
                    report.replaced += 1
                } else {
                    rejections.append(ImportRejection(
                        index: index + 1, line: options.lines?[safe: index],
                        reason: "objectId \(record.objectId) already exists in \(className) (use --replace to overwrite it)",
                        code: LCErrorCode.duplicateValue.code))
                }
                if !onlyCheck { progress?(done + 1) }
            }
            if !rejections.isEmpty && !options.continueOnError {
                throw ImportRejectedError(rejections: rejections.sorted { $0.index < $1.index }, total: elements.count)
            }
        }
        report.rejected = rejections.sorted { $0.index < $1.index }
        return report
    }
}

extension Array {
    /// The element at `index`, or nil past the end (lines that do not match the objects).
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
