import CSQLite

/// A whole in-memory database as bytes (SQLite's serialization format: the pages of a database
/// file), to make copies of a prepared database without running its statements again (issue
/// 31: an `Emulator.start` copies a seeded image instead of migrating and importing the seed).
extension Database {
    /// The main database's bytes, as a database file would hold them. Call it outside a
    /// transaction, so that only committed content is copied.
    public func serializedImage() throws -> [UInt8] {
        let handle = try requireHandle()
        var size: sqlite3_int64 = 0
        guard let bytes = sqlite3_serialize(handle, "main", &size, 0) else {
            throw SQLiteError(resultCode: SQLITE_NOMEM, connection: handle, sql: nil)
        }
        defer { sqlite3_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(size)))
    }

    /// Replaces the main database of this in-memory connection by a copy of `image` (from
    /// `serializedImage()`); the copy is the connection's own, resizable, freed when it closes.
    /// Statements prepared before are prepared again on their next use (the schema changed).
    public func loadImage(_ image: [UInt8]) throws {
        let handle = try requireHandle()
        guard DatabaseQueue.isInMemory(path) else { throw SQLiteError.misuse("loadImage on a file database") }
        guard !image.isEmpty else { throw SQLiteError.misuse("loadImage of an empty image") }
        guard let copy = sqlite3_malloc64(sqlite3_uint64(image.count)) else {
            throw SQLiteError(resultCode: SQLITE_NOMEM, connection: handle, sql: nil)
        }
        image.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: image.count) }
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
        let rc = sqlite3_deserialize(handle, "main", copy.assumingMemoryBound(to: UInt8.self),
                                     sqlite3_int64(image.count), sqlite3_int64(image.count), flags)
        forgetMemo()  // another database now
        // On failure SQLite has freed the copy already (FREEONCLOSE).
        if rc != SQLITE_OK { throw SQLiteError(resultCode: rc, connection: handle, sql: nil) }
    }
}
